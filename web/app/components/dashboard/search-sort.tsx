import {
  dashboardLabels,
  PROJECT_SORT_LABELS,
  PROJECT_SORT_ORDER,
  SEARCH_DEBOUNCE_MS,
} from '@animata/contracts';
import { Form, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef } from 'react';
import { useHydrated } from '../../utils/use-hydrated.js';
import { icons } from './icons.js';
import { LIST_PARAMS, withListParams } from './view.js';

/**
 * The search box and the sort dropdown (§2, §9). A plain GET form (the state lives in the
 * address), so it works without JavaScript; with it, typing searches 500 ms after the last key
 * and Enter at once, and a new sort applies as it is chosen; without it, through the Apply
 * button. Either starts again at page 1, whose page size is the window's own.
 */
export function SearchSort({
  state,
  placeholder,
  sorts = PROJECT_SORT_ORDER,
  sortLabels = PROJECT_SORT_LABELS,
}: {
  state: { q: string; sort: string };
  placeholder: string;
  /** The sorts offered, in order: the project views' four unless given (renders: all six). */
  sorts?: readonly string[];
  sortLabels?: Readonly<Record<string, string>>;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searchId = useId();
  const sortId = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  // A new address (back button, a link) shows its own search in the box.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = state.q;
  }, [state.q]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const go = (changes: { search?: string; sort?: string }) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    navigate(withListParams(location, { ...changes, page: null, rows: null }), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <Form
      method="get"
      role="search"
      className="search-sort"
      onSubmit={(event) => {
        // Enter: at once, keeping the other list parameters.
        event.preventDefault();
        go({ search: input.current?.value.trim() ?? '' });
      }}
    >
      <div className="search-sort__search">
        <label htmlFor={searchId} className="visually-hidden">
          {placeholder}
        </label>
        <input
          ref={input}
          id={searchId}
          type="search"
          name={LIST_PARAMS.search}
          placeholder={placeholder}
          defaultValue={state.q}
          autoComplete="off"
          onChange={(event) => {
            const value = event.currentTarget.value.trim();
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => go({ search: value }), SEARCH_DEBOUNCE_MS);
          }}
        />
        <button type="submit" className="search-sort__submit" aria-label={dashboardLabels.search}>
          {icons.search}
        </button>
      </div>
      <div className="search-sort__sort">
        <label htmlFor={sortId} className="visually-hidden">
          {dashboardLabels.sortBy}
        </label>
        <select
          id={sortId}
          name={LIST_PARAMS.sort}
          defaultValue={state.sort}
          key={state.sort}
          onChange={(event) =>
            go({
              search: input.current?.value.trim() ?? state.q,
              sort: event.currentTarget.value,
            })
          }
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </select>
        {/* Without JavaScript a chosen sort needs a button to be sent (issue 29). */}
        {hydrated ? null : (
          <button type="submit" className="button button--ghost button--small">
            {dashboardLabels.apply}
          </button>
        )}
      </div>
    </Form>
  );
}
