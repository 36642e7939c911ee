import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { isDateRangeValue, type DateRange } from '../format/date-range.js';

/**
 * An invoice in the list (billing-teams-apps §3 Invoice). `invoice_id` is the number the gateway
 * gave it; `created_at` the moment it was paid (ISO 8601, GMT); `total` the amount paid in
 * dollars, as the spec's other money fields (the upgrade preview alone says cents).
 */
export interface Invoice {
  id: string;
  invoice_id: string;
  created_at: string;
  total: number;
}

/** GET customer/invoices: newest first. */
export interface InvoicesResponse {
  data: Invoice[];
}

/** GET customer/invoices?from=YYYY-MM-DD&to=YYYY-MM-DD: whole GMT days, both inclusive. */
export type InvoicesQuery = Partial<Record<keyof DateRange, string>>;

/** The longest value a range side may have ('Any interval' is the longest that means something). */
const RANGE_VALUE_MAX_LENGTH = 32;

const IsDateRangeValue = () =>
  ValidateBy({
    name: 'isDateRangeValue',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isDateRangeValue(value),
      defaultMessage: () => 'must be a date as YYYY-MM-DD, or any',
    },
  });

export class InvoicesQueryDto implements InvoicesQuery {
  @IsOptional()
  @IsDateRangeValue()
  @MaxLength(RANGE_VALUE_MAX_LENGTH)
  @IsString()
  from?: string;

  @IsOptional()
  @IsDateRangeValue()
  @MaxLength(RANGE_VALUE_MAX_LENGTH)
  @IsString()
  to?: string;
}

/** The invoices page's texts: §2's column names and empty state, and ours where it has none. */
export const invoiceTexts = {
  title: 'Invoices',
  invoiceId: 'Invoice ID',
  date: 'Date',
  paid: 'Paid',
  download: 'Download',
  downloadLabel: (invoiceId: string) => `Download invoice ${invoiceId} (PDF)`,
  empty: 'You have no invoices',
  emptyInRange: 'You have no invoices in this date range',
  showAll: 'Show all invoices',
} as const;

/** The PDF's file name (§7). */
export function invoiceFileName(invoiceId: string): string {
  return `Invoice-${invoiceId}.pdf`;
}
