import { accountTabs, pagePaths } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { ManageTeamDialog } from '../components/teams/manage-team-dialog.js';
import { TeamList } from '../components/teams/team-list.js';
import { loadTeam, loadTeams, teamAction } from '../utils/teams/team.server.js';
import { useAccountData } from './_account.js';
import teamsStylesUrl from '../styles/teams.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const links = () => [{ rel: 'stylesheet', href: teamsStylesUrl }];

export const meta: MetaFunction = () => [{ title: `${accountTabs.team} · Animata` }];

/** The parameter naming the team whose dialog is open: `/team?manage={id}`. */
const MANAGE = 'manage';

/** `/team?manage={id}`: the dialog's own address, which its forms post to and come back to. */
export function manageHref(teamId: string): string {
  return `${pagePaths.team}?${MANAGE}=${encodeURIComponent(teamId)}`;
}

/**
 * Team settings (billing-teams-apps §2): the customer's teams, or 'You don't have a team yet'
 * with 'Create a team'. The manage-team dialog opens from the address (`?manage={id}`), so a
 * link, a reload and a page without JavaScript all show it; an unknown or someone else's team
 * is the error page's 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const manage = url.searchParams.get(MANAGE);
  const [teams, open] = await Promise.all([
    loadTeams(request, context),
    manage ? loadTeam(request, context, manage) : Promise.resolve(null),
  ]);
  return { teams, open };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const teamId = new URL(request.url).searchParams.get(MANAGE) ?? '';
  return teamAction(request, context, {
    teamId,
    back: manageHref(teamId),
    away: pagePaths.team,
  });
}

export default function TeamSettings() {
  const { teams, open } = useLoaderData<typeof loader>();
  const { customer } = useAccountData();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <main id="main" className="page team-page">
      <header className="page-header">
        <h1>{accountTabs.team}</h1>
      </header>
      <TeamList teams={teams} manageHref={manageHref} />
      {open ? (
        <ManageTeamDialog
          key={open.team.id}
          team={open.team}
          activity={open.activity}
          customerId={customer.id}
          base={manageHref(open.team.id)}
          closeTo={pagePaths.team}
          search={location.search}
          onClose={() => navigate(pagePaths.team, { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </main>
  );
}
