import {
  accountTabs,
  appsTexts,
  endpoints,
  ownAppsTexts,
  pagePaths,
  type OwnApp,
} from '@animata/contracts';
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { ConfirmDialog } from '../components/account/confirm-dialog.js';
import { OwnAppCreate, OwnAppCreateRefused } from '../components/apps/own-app-create.js';
import { FreshSecret } from '../components/apps/own-app-secret.js';
import { OwnAppsTable } from '../components/apps/own-apps-table.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { api } from '../utils/api.server.js';
import {
  loadOwnApps,
  ownAppsAction,
  type OwnAppsActionData,
} from '../utils/apps/own-apps.server.js';
import { ownAppsHref, type OwnAppsState } from '../utils/apps/own-apps-view.js';
import ownAppsStylesUrl from '../styles/own-apps.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const links = () => [{ rel: 'stylesheet', href: ownAppsStylesUrl }];

export const meta: MetaFunction = () => [{ title: `${accountTabs.ownApps} · Animata` }];

/**
 * 'Own Apps' (billing-teams-apps §2, §5, §6; decisions 80, 81, 84) is for admins only
 * (account-and-auth §6); anyone else goes to the settings page. The BFF refuses them anyway.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = api(request, context);
  const { customer } = await client.expect(client.call(endpoints.customer.get));
  if (!customer.isAdmin) throw redirect(pagePaths.account);
  return loadOwnApps(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return ownAppsAction(request, context);
}

/** The page's open form, from the address (so it works without JavaScript and on reload). */
function stateOf(search: string): OwnAppsState {
  const params = new URLSearchParams(search);
  const confirm = params.get('confirm');
  return {
    edit: params.get('edit') ?? undefined,
    add: params.get('add') ?? undefined,
    redirects: params.get('redirects') ?? undefined,
    confirm: confirm === 'delete' || confirm === 'regenerate' ? confirm : undefined,
    app: params.get('app') ?? undefined,
  };
}

function Confirmations({
  apps,
  state,
  back,
  onClose,
}: {
  apps: OwnApp[];
  state: OwnAppsState;
  back: string;
  onClose: () => void;
}) {
  const app = apps.find((row) => row.id === state.app && row.role === 'admin');
  const name = app?.name ?? '';
  const dialogs = [
    {
      intent: 'delete',
      title: ownAppsTexts.deleteTitle(name),
      label: ownAppsTexts.delete,
      text: ownAppsTexts.deleteText,
    },
    {
      intent: 'regenerate',
      title: ownAppsTexts.regenerateTitle(name),
      label: ownAppsTexts.regenerate,
      text: ownAppsTexts.regenerateText,
    },
  ] as const;
  return (
    <>
      {dialogs.map((dialog) => (
        <ConfirmDialog
          key={dialog.intent}
          open={Boolean(app) && state.confirm === dialog.intent}
          title={dialog.title}
          confirmLabel={dialog.label}
          intent={dialog.intent}
          fields={{ app: app?.id ?? '' }}
          danger={dialog.intent === 'delete'}
          action={back}
          cancelTo={back}
          onClose={onClose}
        >
          {dialog.text}
        </ConfirmDialog>
      ))}
    </>
  );
}

export default function OwnApps() {
  const { ownApps, sort, canCreateApps } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OwnAppsActionData | undefined;
  const location = useLocation();
  const navigate = useNavigate();
  const state = stateOf(location.search);
  const back = ownAppsHref(sort);
  const fresh = answer?.fresh;
  const freshApp = fresh ? ownApps.find((app) => app.id === fresh.appId) : undefined;
  return (
    <main id="main" className="page own-apps-page">
      <header className="page-header">
        <h1>{appsTexts.ownAppsTitle}</h1>
        <p>{ownAppsTexts.intro}</p>
      </header>
      <FormNotice>{answer?.notice}</FormNotice>
      {fresh && freshApp ? (
        <FreshSecret name={freshApp.name} secret={fresh.secret} created={fresh.created} />
      ) : null}
      {ownApps.length === 0 ? (
        <section className="card empty-state own-apps-empty">
          <p>{appsTexts.noOwnApps}</p>
        </section>
      ) : (
        <OwnAppsTable
          apps={ownApps}
          sort={sort}
          state={state}
          fresh={fresh}
          refused={answer?.fresh ? undefined : answer}
        />
      )}
      {canCreateApps ? (
        <OwnAppCreate
          // A new app empties the field (a fresh form once the answer is in).
          key={fresh?.secret ?? 'create'}
          action={back}
          serverError={answer?.intent === 'create' ? answer.fieldErrors?.name : undefined}
          value={answer?.intent === 'create' ? answer.values?.name : undefined}
        />
      ) : (
        <OwnAppCreateRefused />
      )}
      <Confirmations
        apps={ownApps}
        state={state}
        back={back}
        onClose={() => navigate(back, { preventScrollReset: true, replace: true })}
      />
    </main>
  );
}
