import {
  DATE_RANGE_PRESETS,
  DATE_RANGE_QUERY,
  DATE_RANGE_SHOWN_PRESET,
  dateRangeLabel,
  dateRangePresetLabels,
  dateRangeQuery,
  dateRangeTexts,
  formatDate,
  normalizeDateRange,
  parseDay,
  presetOf,
  presetRange,
  type DateRange,
  type DateRangePreset,
} from '@animata/contracts';
import { Form, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';

export interface DateRangePickerProps {
  /** The range the page shows (from its address). */
  range: DateRange;
  /** Today, 'YYYY-MM-DD' GMT, from the loader: server and browser compute the same presets. */
  today: string;
  /** The page the range applies to (its path, without a query). */
  action: string;
}

const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, 'short');

/**
 * The date range picker of billing-teams-apps §2 and §5 (presets Today … Last Year and Unset,
 * weeks from Monday, a start after the end swapped, 'any' or 'Any interval' clearing a side).
 * The range lives in the address (`?from=…&to=…`). Without JavaScript it is a GET form: a preset
 * select and two date fields; with it, a button opening a popover with the presets as a listbox
 * (arrow keys, Home, End, Enter; Escape closes) and the two dates.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const hydrated = useHydrated();
  return hydrated ? <DateRangePopover {...props} /> : <DateRangeForm {...props} />;
}

function DateRangeForm({ range, today, action }: DateRangePickerProps) {
  const now = parseDay(today)!;
  const shown = presetOf(range, now) ?? '';
  const id = useId();
  return (
    <Form method="get" action={action} className="date-range" aria-label={dateRangeTexts.label}>
      <input type="hidden" name={DATE_RANGE_SHOWN_PRESET} value={shown} />
      <div className="date-range__field">
        <label htmlFor={`${id}-preset`}>{dateRangeTexts.presetLabel}</label>
        <select id={`${id}-preset`} name={DATE_RANGE_QUERY.preset} defaultValue={shown}>
          <option value="">{dateRangeTexts.customPreset}</option>
          {DATE_RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {dateRangePresetLabels[preset]}
            </option>
          ))}
        </select>
      </div>
      <DateFields range={range} id={id} />
      <button type="submit" className="button button--ghost">
        {dateRangeTexts.apply}
      </button>
    </Form>
  );
}

function DateFields({ range, id }: { range: DateRange; id: string }) {
  return (
    <>
      <div className="date-range__field">
        <label htmlFor={`${id}-from`}>{dateRangeTexts.from}</label>
        <input
          id={`${id}-from`}
          type="date"
          name={DATE_RANGE_QUERY.from}
          defaultValue={range.from ?? ''}
        />
      </div>
      <div className="date-range__field">
        <label htmlFor={`${id}-to`}>{dateRangeTexts.to}</label>
        <input
          id={`${id}-to`}
          type="date"
          name={DATE_RANGE_QUERY.to}
          defaultValue={range.to ?? ''}
        />
      </div>
    </>
  );
}

function DateRangePopover({ range, today, action }: DateRangePickerProps) {
  const now = parseDay(today)!;
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const current = presetOf(range, now);
  const [active, setActive] = useState<number>(
    Math.max(0, DATE_RANGE_PRESETS.indexOf(current ?? 'unset')),
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const go = (next: DateRange) => {
    const query = dateRangeQuery(next);
    setOpen(false);
    navigate(query ? `${action}?${query}` : action, { preventScrollReset: true });
    buttonRef.current?.focus();
  };
  const choose = (preset: DateRangePreset) => go(presetRange(preset, now));
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = DATE_RANGE_PRESETS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(DATE_RANGE_PRESETS[active]!);
    }
  };

  return (
    <div
      ref={rootRef}
      className="date-range date-range--popover"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      <span className="date-range__caption" id={`${id}-caption`}>
        {dateRangeTexts.label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost date-range__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-describedby={`${id}-caption`}
        onClick={() => setOpen((was) => !was)}
      >
        {dateRangeLabel(range, now, dayLabel)}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          className="date-range__panel"
          role="dialog"
          aria-label={dateRangeTexts.label}
        >
          <ul
            ref={listRef}
            role="listbox"
            tabIndex={0}
            aria-label={dateRangeTexts.presetLabel}
            aria-activedescendant={`${id}-option-${active}`}
            className="date-range__options"
            onKeyDown={onListKey}
          >
            {DATE_RANGE_PRESETS.map((preset, index) => (
              <li
                key={preset}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={preset === current}
                className={index === active ? 'date-range__option is-active' : 'date-range__option'}
                onPointerEnter={() => setActive(index)}
                onClick={() => choose(preset)}
              >
                {dateRangePresetLabels[preset]}
              </li>
            ))}
          </ul>
          <form
            className="date-range__custom"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              go(
                normalizeDateRange(
                  {
                    from: String(data.get(DATE_RANGE_QUERY.from) ?? ''),
                    to: String(data.get(DATE_RANGE_QUERY.to) ?? ''),
                  },
                  now,
                ),
              );
            }}
          >
            <DateFields range={range} id={id} />
            <button type="submit" className="button button--primary">
              {dateRangeTexts.apply}
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
