import {
  dateRangeQuery,
  dayOf,
  endpoints,
  pagePaths,
  readDateRangeQuery,
  type DateRange,
  type Invoice,
} from '@animata/contracts';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { api } from '../api.server.js';

export interface InvoicesPageData {
  invoices: Invoice[];
  range: DateRange;
  /** 'YYYY-MM-DD', GMT: the day the presets count from. */
  today: string;
}

/**
 * The invoices tab (billing-teams-apps §2): the customer's invoices in the range of the address.
 * The picker's plain form (a preset, the shown one, two dates) is rewritten to `?from=…&to=…`
 * first, so the address always says the range the page shows.
 */
export async function loadInvoices(
  request: Request,
  context: AppLoadContext,
): Promise<InvoicesPageData> {
  const now = new Date();
  const url = new URL(request.url);
  const { range, canonical } = readDateRangeQuery(url.searchParams, now);
  if (!canonical) {
    const query = dateRangeQuery(range);
    throw redirect(query ? `${pagePaths.invoices}?${query}` : pagePaths.invoices);
  }
  const client = api(request, context);
  const { data } = await client.expect(
    client.call(endpoints.invoices.list, undefined, {
      query: { from: range.from ?? undefined, to: range.to ?? undefined },
    }),
  );
  return { invoices: data, range, today: dayOf(now) };
}
