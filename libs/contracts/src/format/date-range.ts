/**
 * The date range picker of billing-teams-apps §2 and §5, as pure functions of "today" (GMT), so
 * the server, the page's loader and the picker in the browser agree and a test fixes the clock.
 * A range is two days, 'YYYY-MM-DD', each optional, both inclusive; it lives in the URL query as
 * `from` and `to`. Weeks start on Monday (§2).
 */

export const DATE_RANGE_PRESETS = [
  'today',
  'yesterday',
  'this-week',
  'last-week',
  'last-month',
  'last-2-months',
  'this-year',
  'last-year',
  'unset',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** The presets' labels, word for word (§2). */
export const dateRangePresetLabels: Record<DateRangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'last-week': 'Last week',
  'last-month': 'Last month',
  'last-2-months': 'Last 2 months',
  'this-year': 'This Year',
  'last-year': 'Last Year',
  unset: 'Unset',
};

export const dateRangeTexts = {
  /** What the picker shows with no range; typed into a date field it clears the range (§5). */
  anyInterval: 'Any interval',
  /** Our labels (the spec shows none). */
  label: 'Date range',
  presetLabel: 'Period',
  customPreset: 'Custom range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
} as const;

/** The query parameter names of a range. */
export const DATE_RANGE_QUERY = { from: 'from', to: 'to', preset: 'preset' } as const;

export interface DateRange {
  from: string | null;
  to: string | null;
}

export const EMPTY_DATE_RANGE: DateRange = { from: null, to: null };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The values that clear a side of the range (§5), compared without case. */
const CLEARING = new Set(['any', dateRangeTexts.anyInterval.toLowerCase()]);

/** 'YYYY-MM-DD' of a moment, in GMT. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day as a Date at 00:00 GMT, or null when it is no real day ('2026-02-30'). */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dayOf(date) === value ? date : null;
}

/** Whether the text is a valid day, an empty value, or one of the clearing words. */
export function isDateRangeValue(value: string): boolean {
  const text = value.trim();
  return text === '' || CLEARING.has(text.toLowerCase()) || parseDay(text) !== null;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

/** The range a preset stands for on the given day (GMT). */
export function presetRange(preset: DateRangePreset, now: Date): DateRange {
  const today = parseDay(dayOf(now))!;
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  // Monday 0 … Sunday 6.
  const weekday = (today.getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const span = (from: Date, to: Date): DateRange => ({ from: dayOf(from), to: dayOf(to) });
  switch (preset) {
    case 'today':
      return span(today, today);
    case 'yesterday':
      return span(addDays(today, -1), addDays(today, -1));
    case 'this-week':
      return span(monday, addDays(monday, 6));
    case 'last-week':
      return span(addDays(monday, -7), addDays(monday, -1));
    case 'last-month':
      return span(monthStart(year, month - 1), addDays(monthStart(year, month), -1));
    case 'last-2-months':
      return span(monthStart(year, month - 2), addDays(monthStart(year, month), -1));
    case 'this-year':
      return span(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year, 11, 31)));
    case 'last-year':
      return span(new Date(Date.UTC(year - 1, 0, 1)), new Date(Date.UTC(year - 1, 11, 31)));
    case 'unset':
      return { ...EMPTY_DATE_RANGE };
  }
}

function sideOf(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '' || CLEARING.has(text.toLowerCase())) return null;
  return parseDay(text) ? text : null;
}

/**
 * The range a picker's input asks for (§5): a preset other than 'custom' wins over the dates;
 * empty, 'any' or 'Any interval' (and anything that is no day) leaves a side open; a start after
 * the end swaps them.
 */
export function normalizeDateRange(
  input: { from?: string | null; to?: string | null; preset?: string | null },
  now: Date,
): DateRange {
  const preset = (DATE_RANGE_PRESETS as readonly string[]).includes(input.preset ?? '')
    ? (input.preset as DateRangePreset)
    : null;
  if (preset) return presetRange(preset, now);
  const from = sideOf(input.from);
  const to = sideOf(input.to);
  if (from !== null && to !== null && from > to) return { from: to, to: from };
  return { from, to };
}

/** The preset the range equals on that day, 'unset' for no range, null for a custom one. */
export function presetOf(range: DateRange, now: Date): DateRangePreset | null {
  if (range.from === null && range.to === null) return 'unset';
  return (
    DATE_RANGE_PRESETS.find((preset) => {
      const r = presetRange(preset, now);
      return preset !== 'unset' && r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

/** The moments a range covers, for a query: [start, end) in GMT; null for an open side. */
export function dateRangeBounds(range: DateRange): { start: Date | null; end: Date | null } {
  const from = range.from ? parseDay(range.from) : null;
  const to = range.to ? parseDay(range.to) : null;
  return { start: from, end: to ? addDays(to, 1) : null };
}

/** The query string of a range ('' for none): `from=…&to=…`. */
export function dateRangeQuery(range: DateRange): string {
  const params = new URLSearchParams();
  if (range.from) params.set(DATE_RANGE_QUERY.from, range.from);
  if (range.to) params.set(DATE_RANGE_QUERY.to, range.to);
  return params.toString();
}

/** What the picker's button reads: the preset's label, the two days, or 'Any interval'. */
export function dateRangeLabel(range: DateRange, now: Date, formatDay: (day: string) => string) {
  const preset = presetOf(range, now);
  if (preset === 'unset') return dateRangeTexts.anyInterval;
  if (preset) return dateRangePresetLabels[preset];
  const from = range.from ? formatDay(range.from) : '…';
  const to = range.to ? formatDay(range.to) : '…';
  return `${from} – ${to}`;
}

/** The hidden field of the picker's plain form: the preset the page showed when it was drawn. */
export const DATE_RANGE_SHOWN_PRESET = 'shown';

/**
 * The range a page's address asks for, from the picker's plain GET form or a link: `preset` wins
 * only when it was changed from the one the page showed (`shown`), so that typing new dates
 * under a shown preset keeps the dates. `canonical` is false when the address should be
 * rewritten to `?from=…&to=…` alone (a preset, a swap, a cleared or invalid side).
 */
export function readDateRangeQuery(
  params: URLSearchParams,
  now: Date,
): { range: DateRange; canonical: boolean } {
  const preset = params.get(DATE_RANGE_QUERY.preset);
  const shown = params.get(DATE_RANGE_SHOWN_PRESET);
  const range = normalizeDateRange(
    {
      preset: preset !== null && preset !== (shown ?? '') ? preset : null,
      from: params.get(DATE_RANGE_QUERY.from),
      to: params.get(DATE_RANGE_QUERY.to),
    },
    now,
  );
  const canonical =
    preset === null &&
    shown === null &&
    params.get(DATE_RANGE_QUERY.from) === range.from &&
    params.get(DATE_RANGE_QUERY.to) === range.to;
  return { range, canonical };
}
