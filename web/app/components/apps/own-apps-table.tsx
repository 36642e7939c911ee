import { appsTexts, ownAppsTexts, type OwnApp } from '@animata/contracts';
import { Form, Link } from '@remix-run/react';
import type { OwnAppsActionData } from '../../utils/apps/own-apps.server.js';
import {
  OWN_APPS_SORTS,
  sortHref,
  type OwnAppsSort,
  type OwnAppsSortColumn,
  type OwnAppsState,
} from '../../utils/apps/own-apps-view.js';
import { OwnAppRow } from './own-app-row.js';

const SORT_LABELS: Record<OwnAppsSortColumn, string> = {
  name: appsTexts.columns.name,
  role: appsTexts.columns.role,
  created: appsTexts.columns.created,
  lastUsed: appsTexts.columns.lastUsed,
};

/** A sortable column's header: a link that works without JavaScript, and aria-sort. */
function SortableHeader({ sort, column }: { sort: OwnAppsSort; column: OwnAppsSortColumn }) {
  const active = sort.column === column;
  return (
    <th scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Link to={sortHref(sort, column)} preventScrollReset className="own-apps-table__sort">
        {SORT_LABELS[column]}
        <span aria-hidden="true" className="own-apps-table__arrow">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
        </span>
      </Link>
    </th>
  );
}

/**
 * On a phone the table turns into cards without headers: the sort is a small form there,
 * posted with GET so it works without JavaScript too.
 */
function PhoneSort({ sort }: { sort: OwnAppsSort }) {
  return (
    <Form method="get" className="own-apps-phone-sort">
      <label htmlFor="own-apps-sort" className="field__label">
        {ownAppsTexts.sortBy}
      </label>
      <select id="own-apps-sort" name="sort" defaultValue={sort.column}>
        {OWN_APPS_SORTS.map((column) => (
          <option key={column} value={column}>
            {SORT_LABELS[column]}
          </option>
        ))}
      </select>
      <select name="dir" defaultValue={sort.dir} aria-label={ownAppsTexts.direction}>
        <option value="asc">{ownAppsTexts.ascending}</option>
        <option value="desc">{ownAppsTexts.descending}</option>
      </select>
      <button type="submit" className="button button--ghost">
        {ownAppsTexts.applySort}
      </button>
    </Form>
  );
}

/** The own apps table of billing-teams-apps §2, with our Last used column. */
export function OwnAppsTable({
  apps,
  sort,
  state,
  fresh,
  refused,
}: {
  apps: OwnApp[];
  sort: OwnAppsSort;
  state: OwnAppsState;
  fresh: OwnAppsActionData['fresh'];
  refused: OwnAppsActionData | undefined;
}) {
  const { columns } = appsTexts;
  return (
    <div className="own-apps-table-wrap">
      <PhoneSort sort={sort} />
      <table className="own-apps-table">
        <caption className="visually-hidden">{appsTexts.ownAppsTitle}</caption>
        <thead>
          <tr>
            <SortableHeader sort={sort} column="name" />
            <th scope="col">{columns.appId}</th>
            <th scope="col">{columns.secretKey}</th>
            <SortableHeader sort={sort} column="role" />
            <SortableHeader sort={sort} column="created" />
            <th scope="col">{columns.otherUsers}</th>
            <SortableHeader sort={sort} column="lastUsed" />
            <th scope="col">
              <span className="visually-hidden">{ownAppsTexts.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <OwnAppRow
              key={app.id}
              app={app}
              context={{
                sort,
                editing: state.edit === app.id,
                adding: state.add === app.id,
                redirectsOpen: state.redirects === app.id,
                secret: fresh?.appId === app.id ? fresh.secret : null,
                refused: refused?.target === app.id ? refused : undefined,
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
