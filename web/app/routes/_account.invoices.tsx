import { accountTabs, invoiceTexts, pagePaths } from '@animata/contracts';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { InvoicesTable } from '../components/invoices/invoices-table.js';
import { DateRangePicker } from '../components/ui/date-range-picker.js';
import { loadInvoices } from '../utils/invoices/invoices.server.js';
import invoicesStylesUrl from '../styles/invoices.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const links = () => [{ rel: 'stylesheet', href: invoicesStylesUrl }];

export const meta: MetaFunction = () => [{ title: `${accountTabs.invoices} · Animata` }];

/** The invoices tab (billing-teams-apps §2, §7): the list, filtered by the date range picker. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadInvoices(request, context);
}

export default function Invoices() {
  const { invoices, range, today } = useLoaderData<typeof loader>();
  const filtered = range.from !== null || range.to !== null;
  return (
    <main id="main" className="page account-page invoices-page">
      <header className="page-header invoices-page__header">
        <h1>{invoiceTexts.title}</h1>
        <DateRangePicker range={range} today={today} action={pagePaths.invoices} />
      </header>
      {invoices.length > 0 ? (
        <InvoicesTable invoices={invoices} />
      ) : (
        <section className="empty-state">
          <p>{filtered ? invoiceTexts.emptyInRange : invoiceTexts.empty}</p>
          {filtered ? <Link to={pagePaths.invoices}>{invoiceTexts.showAll}</Link> : null}
        </section>
      )}
    </main>
  );
}
