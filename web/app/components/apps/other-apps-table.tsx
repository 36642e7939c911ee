import { appsTexts, formatDateTime, pagePaths, type AppAuthorization } from '@animata/contracts';
import { Link, useNavigate, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { ConfirmDialog } from '../account/confirm-dialog.js';
import {
  readOtherAppsSort,
  REVOKE_INTENT,
  REVOKE_PARAM,
  sortOtherApps,
  sortSearch,
  type OtherAppsSortKey,
} from './other-apps-sort.js';

const COLUMNS: Array<{ key: OtherAppsSortKey; label: string }> = [
  { key: 'name', label: appsTexts.columns.appName },
  { key: 'created', label: appsTexts.columns.granted },
  { key: 'lastUsed', label: appsTexts.columns.lastUsed },
];

/**
 * The apps the customer authorized (billing-teams-apps §2): App name, Granted At (GMT), Last
 * used and Revoke. The headers sort (links, so they work without JavaScript); Revoke asks first,
 * in a dialog with JavaScript and in the same dialog opened from the address without.
 */
export function OtherAppsTable({ appAuths }: { appAuths: AppAuthorization[] }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const sort = readOtherAppsSort(search);
  const rows = sortOtherApps(appAuths, sort);
  const listPath = pagePaths.otherApps + sortSearch(sort);
  const fromAddress = search.get(REVOKE_PARAM);
  const [asking, setAsking] = useState<string | null>(null);
  const confirming = rows.find((app) => app.id === (asking ?? fromAddress)) ?? null;
  const close = () => {
    setAsking(null);
    if (fromAddress) navigate(listPath, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <div className="other-apps__scroll">
        <table className="table other-apps">
          <thead>
            <tr>
              {COLUMNS.map(({ key, label }) => {
                const active = sort.key === key;
                const next = active && sort.order === 'desc' ? 'asc' : 'desc';
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={
                      active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    <Link
                      to={pagePaths.otherApps + sortSearch({ key, order: next })}
                      preventScrollReset
                      replace
                      className="other-apps__sort"
                    >
                      {label}
                      <span aria-hidden="true">
                        {active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </Link>
                  </th>
                );
              })}
              <th scope="col">
                <span className="visually-hidden">{appsTexts.revoke}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((app) => (
              <tr key={app.id}>
                <th scope="row" data-label={appsTexts.columns.appName}>
                  {app.name}
                </th>
                <td data-label={appsTexts.columns.granted}>{formatDateTime(app.created)}</td>
                <td data-label={appsTexts.columns.lastUsed}>
                  {app.lastUsed ? formatDateTime(app.lastUsed) : appsTexts.neverUsed}
                </td>
                <td className="other-apps__actions">
                  <Link
                    to={`${listPath}${listPath.includes('?') ? '&' : '?'}${REVOKE_PARAM}=${encodeURIComponent(app.id)}`}
                    className="button button--ghost button--small"
                    aria-label={`${appsTexts.revoke} ${app.name}`}
                    preventScrollReset
                    onClick={(event) => {
                      event.preventDefault();
                      setAsking(app.id);
                    }}
                  >
                    {appsTexts.revoke}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={appsTexts.revokeTitle}
        confirmLabel={appsTexts.revoke}
        intent={REVOKE_INTENT}
        fields={{ id: confirming?.id ?? '' }}
        danger
        action={listPath}
        onClose={close}
        onConfirm={() => setAsking(null)}
      >
        <p>{appsTexts.revokeText(confirming?.name ?? '')}</p>
      </ConfirmDialog>
    </>
  );
}
