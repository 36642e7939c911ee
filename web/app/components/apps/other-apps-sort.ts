import type { AppAuthorization } from '@animata/contracts';

/**
 * The 3rd Party Apps table's sort (billing-teams-apps §2: created, descending by default), kept
 * in the address so the headers are plain links that work without JavaScript.
 */
export const OTHER_APPS_SORT_KEYS = ['name', 'created', 'lastUsed'] as const;
export type OtherAppsSortKey = (typeof OTHER_APPS_SORT_KEYS)[number];
export interface OtherAppsSort {
  key: OtherAppsSortKey;
  order: 'asc' | 'desc';
}

export const DEFAULT_OTHER_APPS_SORT: OtherAppsSort = { key: 'created', order: 'desc' };

/** The revoke form's intent, and the parameter that opens its confirm step without JavaScript. */
export const REVOKE_INTENT = 'revoke';
export const REVOKE_PARAM = 'revoke';

export function readOtherAppsSort(search: URLSearchParams): OtherAppsSort {
  const key = search.get('sort');
  const order = search.get('order');
  if (!OTHER_APPS_SORT_KEYS.includes(key as OtherAppsSortKey)) return DEFAULT_OTHER_APPS_SORT;
  return { key: key as OtherAppsSortKey, order: order === 'asc' ? 'asc' : 'desc' };
}

/** The query of the list sorted by `sort` (empty for the default). */
export function sortSearch(sort: OtherAppsSort): string {
  if (sort.key === DEFAULT_OTHER_APPS_SORT.key && sort.order === DEFAULT_OTHER_APPS_SORT.order) {
    return '';
  }
  return `?${new URLSearchParams({ sort: sort.key, order: sort.order }).toString()}`;
}

/** The list's own query (its sort), without the confirm step's parameter. */
export function listSearch(search: URLSearchParams): string {
  return sortSearch(readOtherAppsSort(search));
}

/** Never-used apps sort as the oldest use; names compare as people read them. */
export function sortOtherApps(apps: AppAuthorization[], sort: OtherAppsSort): AppAuthorization[] {
  const value = (app: AppAuthorization) =>
    sort.key === 'name' ? app.name : sort.key === 'created' ? app.created : (app.lastUsed ?? '');
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...apps].sort(
    (a, b) =>
      direction * value(a).localeCompare(value(b), 'en', { sensitivity: 'base', numeric: true }) ||
      b.created.localeCompare(a.created),
  );
}
