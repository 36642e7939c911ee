import { pagePaths, type OwnApp } from '@animata/contracts';

/** The own apps table's sortable columns (billing-teams-apps §2: created, descending, first). */
export const OWN_APPS_SORTS = ['name', 'role', 'created', 'lastUsed'] as const;
export type OwnAppsSortColumn = (typeof OWN_APPS_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
export interface OwnAppsSort {
  column: OwnAppsSortColumn;
  dir: SortDirection;
}
export const DEFAULT_OWN_APPS_SORT: OwnAppsSort = { column: 'created', dir: 'desc' };

/** The sort the address asks for (`?sort=…&dir=…`), the default for anything else. */
export function sortOf(search: URLSearchParams): OwnAppsSort {
  const column = search.get('sort');
  const dir = search.get('dir');
  if (!OWN_APPS_SORTS.includes(column as OwnAppsSortColumn)) return DEFAULT_OWN_APPS_SORT;
  return {
    column: column as OwnAppsSortColumn,
    dir: dir === 'asc' || dir === 'desc' ? dir : 'asc',
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: OwnApp, b: OwnApp, column: OwnAppsSortColumn): number {
  switch (column) {
    case 'name':
      return collator.compare(a.name, b.name);
    case 'role':
      return a.role.localeCompare(b.role);
    case 'created':
      return a.created.localeCompare(b.created);
    case 'lastUsed':
      // Never used sorts before any use.
      return (a.secretLastUsed ?? '').localeCompare(b.secretLastUsed ?? '');
  }
}

/** The apps in the asked order; ties keep the newest first. */
export function sortOwnApps(apps: readonly OwnApp[], sort: OwnAppsSort): OwnApp[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...apps].sort(
    (a, b) => sign * compare(a, b, sort.column) || b.created.localeCompare(a.created),
  );
}

/** The page's own state in its address: the sort, and which app is edited or open. */
export interface OwnAppsState {
  edit?: string;
  add?: string;
  redirects?: string;
  confirm?: 'delete' | 'regenerate';
  app?: string;
}

/**
 * The page's address with the current sort and the given state (none: the plain table). Every
 * open form is a link to such an address, so the page works the same without JavaScript.
 */
export function ownAppsHref(sort: OwnAppsSort, state: OwnAppsState = {}): string {
  const search = new URLSearchParams();
  if (sort.column !== DEFAULT_OWN_APPS_SORT.column || sort.dir !== DEFAULT_OWN_APPS_SORT.dir) {
    search.set('sort', sort.column);
    search.set('dir', sort.dir);
  }
  for (const [key, value] of Object.entries(state)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${pagePaths.ownApps}?${query}` : pagePaths.ownApps;
}

/** The address of a column header's link: the other direction when it is the sorted column. */
export function sortHref(current: OwnAppsSort, column: OwnAppsSortColumn): string {
  const dir: SortDirection =
    current.column === column
      ? current.dir === 'asc'
        ? 'desc'
        : 'asc'
      : column === 'created' || column === 'lastUsed'
        ? 'desc'
        : 'asc';
  return ownAppsHref({ column, dir });
}
