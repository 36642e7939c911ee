import { dashboardTexts } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { DashboardPage } from '../components/dashboard/dashboard-page.js';
import { icons } from '../components/dashboard/icons.js';
import { ManageTeamDialog } from '../components/teams/manage-team-dialog.js';
import { dashboardAction, loadProjectList } from '../utils/dashboard.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { readForm } from '../utils/form.server.js';
import { TEAM_INTENTS } from '../utils/teams/team-actions.js';
import { loadTeam, teamAction } from '../utils/teams/team.server.js';
import teamsStylesUrl from '../styles/teams.css?url';
export { DashboardErrorBoundary as ErrorBoundary } from '../components/dashboard/dashboard-error.js';
export { dashboardListRevalidation as shouldRevalidate } from '../utils/dashboard-route.js';
export { connectionSafeAction as clientAction } from '../utils/form-connection.js';

export const links = () => [{ rel: 'stylesheet', href: teamsStylesUrl }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.team.title ?? 'Team projects'} · Animata` },
];

/** The parameter that opens the manage-team dialog over the team's projects: `?manage`. */
const MANAGE = 'manage';

function pathOf(team: string, folder: string | null): string {
  return `/team/${encodeURIComponent(team)}${folder ? `/${encodeURIComponent(folder)}` : ''}`;
}

/**
 * `/team/{team}` and `/team/{team}/{folder}` (projects-dashboard §2): a team's projects,
 * without the toolbar and the bulk actions (§6), 'No team projects yet' or 'This teams plan is
 * expired'. The team is read too (its name, 'Manage Team' or 'Members', the dialog): an
 * unknown or someone else's team is the BFF's 404 and the error page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const team = params.team ?? '';
  const folder = params.folder ?? null;
  const [session, open, data] = await Promise.all([
    requireCustomer(request, context),
    loadTeam(request, context, team),
    loadProjectList(request, context, { kind: 'team', team, folder }),
  ]);
  return {
    ...data,
    team: open.team,
    activity: open.activity,
    customerId: session.customerId,
    folder,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  // The manage-team dialog's forms, told apart by their intent; the rest are the dashboard's.
  const peek = await readForm(request.clone());
  const intent = peek.ok ? peek.form.get('intent') : null;
  if (typeof intent === 'string' && (TEAM_INTENTS as readonly string[]).includes(intent)) {
    const teamId = params.team ?? '';
    const base = pathOf(teamId, params.folder ?? null);
    return teamAction(request, context, { teamId, back: `${base}?${MANAGE}`, away: '/' });
  }
  return dashboardAction(args);
}

export default function TeamPage() {
  const { team, activity, customerId, folder, ...data } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const base = pathOf(team.id, folder);
  const open = new URLSearchParams(location.search).has(MANAGE);
  const manages = team.isOwner || team.canAdministrate;
  return (
    <>
      <DashboardPage
        key={`${team.id}/${folder ?? ''}`}
        view={{ kind: 'team', team: team.id, folder }}
        title={team.title}
        icon={folder ? icons.folderShared : icons.team}
        teamAction={{
          label: manages ? dashboardTexts.manageTeam : 'Members',
          href: `${base}?${MANAGE}`,
          canCreate: !team.plan.expired,
        }}
        {...data}
      />
      {open ? (
        <ManageTeamDialog
          team={team}
          activity={activity}
          customerId={customerId}
          base={`${base}?${MANAGE}`}
          closeTo={base}
          search={location.search}
          onClose={() => navigate(`${base}?${MANAGE}`, { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </>
  );
}
