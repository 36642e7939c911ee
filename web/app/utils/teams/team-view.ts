/**
 * The manage-team dialog's formatting and live feedback, shared by the route's server code and
 * its components (the row rules are in the contracts: member-order.ts).
 */

/** Dollars with cents only when needed: 12 → '$12', 12.5 → '$12.50'. */
export function formatDollars(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  return `$${Number.isInteger(rounded) ? rounded : rounded.toFixed(2)}`;
}

/** An ISO date as 'Dec 28, 2026' (UTC, the dates of the billing page). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
