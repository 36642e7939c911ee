import { accountTabs } from '@animata/contracts';
import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '../components/account/coming-soon.js';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.team} · Animata` }];

/** Team settings: members, seats and invitations arrive with teams. */
export default function Page() {
  return (
    <ComingSoon title={accountTabs.team}>
      Invite people to your team, manage their seats and roles here once you have a team plan. You
      are not part of a team yet.
    </ComingSoon>
  );
}
