/**
 * How money and dates read, on every page and in every server message (issue 29): one place,
 * built on `Intl`, so the pricing page, the checkout, the billing page, the account page, the
 * dashboard and the apps tables say '$1,440' and 'November 27, 2027' the same way. Times are
 * GMT (UTC), as the spec's coupon expiry and the apps' columns say, so the server and the
 * browser render the same text (no hydration mismatch) wherever the reader is.
 *
 * Kinds (decision in the issue-29 record):
 * - money: US dollars with thousands separators; cents only when there are any ('$48',
 *   '$29.75', '$45.60'), or always where a price is quoted to the cent (plan columns, the
 *   checkout's amounts: '$240.00');
 * - a date in a sentence or on the billing page (renewals, coupon expiry, due dates): long,
 *   'November 27, 2027';
 * - a date in a list or on a card (projects, sessions): short, 'Nov 27, 2026';
 * - a moment (the apps tables, the dev outbox): short date, 24-hour time and the zone,
 *   'Nov 27, 2026, 23:16 GMT'.
 */

const usd = {
  whole: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }),
  cents: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};

export type MoneyCents = 'always' | 'when-needed';

/**
 * Dollars as they read: rounded to the cent first (so float noise such as 0.1 + 0.2 never
 * shows), '$1,440' or '$29.75'; `cents: 'always'` gives '$1,440.00'.
 */
export function formatMoney(dollars: number, options: { cents?: MoneyCents } = {}): string {
  const cents = Math.round((dollars + Math.sign(dollars) * Number.EPSILON) * 100);
  const value = cents / 100;
  const whole = cents % 100 === 0;
  return (options.cents === 'always' || !whole ? usd.cents : usd.whole).format(value);
}

/** An amount in cents, as formatMoney reads dollars. */
export function formatCents(cents: number, options: { cents?: MoneyCents } = {}): string {
  return formatMoney(Math.round(cents) / 100, options);
}

export type DateKind = 'long' | 'short';

const dates: Record<DateKind | 'moment', Intl.DateTimeFormat> = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
  moment: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
};

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, GMT: 'November 27, 2027' (long) or 'Nov 27, 2027' (short); '' for no date. */
export function formatDate(value: Date | string, kind: DateKind): string {
  const date = toDate(value);
  return date ? dates[kind].format(date) : '';
}

/** A moment, GMT: 'Nov 27, 2026, 23:16 GMT'; '' for no date. */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  return date ? `${dates.moment.format(date)} GMT` : '';
}
