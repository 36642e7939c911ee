/** Cents as dollars with cents, e.g. 12000 → '$120.00' (the dialog shows exact amounts). */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** An ISO date as 'March 5, 2027' (GMT, like the coupon expiry of §9). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
