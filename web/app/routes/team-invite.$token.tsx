import { endpoints, fillPath, loginUrlFor, pagePaths, teamMessages } from '@animata/contracts';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { InviteAnswerButtons, InviteSignedOut } from '../components/invites/invite-link-answer.js';
import { TopBar } from '../components/top-bar.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { api } from '../utils/api.server.js';
import { getSession } from '../utils/auth.server.js';
import { answerInviteLink } from '../utils/invite-link.server.js';
import teamsStylesUrl from '../styles/teams.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const links = () => [{ rel: 'stylesheet', href: teamsStylesUrl }];

export const meta: MetaFunction = () => [
  { title: 'Team invitation · Animata' },
  { name: 'robots', content: 'noindex' },
];

function teamPath(id: string): string {
  return fillPath(pagePaths.teamProjects, { params: { team: id } });
}

/**
 * The team invite e-mail's link (billing-teams-apps §5; issue 30). Opening it changes nothing
 * (a mail scanner may follow links): signed in, the page offers Accept and Decline; signed out,
 * Log in (back here) or Sign up through the link, which joins the team at once and lands in
 * it. A used, revoked or unknown link is the error page's 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const client = api(request, context);
  const [info, session] = await Promise.all([
    client.expect(client.call(endpoints.invites.link, undefined, { params: { token } })),
    getSession(request, context),
  ]);
  // A share invite's token (issue 31) belongs to /share-invite/{token}.
  if (info.share) throw new Response('Not found', { status: 404 });
  const here = fillPath(pagePaths.teamInvite, { params: { token } });
  return {
    token,
    invite: info.invite,
    teamId: info.teamId,
    accountExists: info.accountExists,
    signedIn: session ? { email: session.email } : null,
    loginHref: loginUrlFor(here),
    registerHref: fillPath(pagePaths.register, {
      query: { invite: token, url: teamPath(info.teamId) },
    }),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return answerInviteLink(request, context, params.token ?? '', {
    failed: teamMessages.updateFailed,
    destination: (answer) => (answer.teamId ? teamPath(answer.teamId) : pagePaths.home),
  });
}

export default function TeamInvitePage() {
  const { invite, signedIn, loginHref, registerHref, accountExists } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { notice?: string } | undefined;
  const refused = invite.status === 'refused';
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow team-invite-page">
        <header className="page-header">
          <h1>Join {invite.grantTitle}</h1>
          <p className="muted">
            {invite.inviter.name} invited {invite.recipientEmail} to the team {invite.grantTitle} on
            Animata.
          </p>
        </header>
        <section className="card" aria-label="Invitation">
          <FormNotice>{answer?.notice}</FormNotice>
          {refused ? (
            <p>{teamMessages.inviteAnswered}</p>
          ) : signedIn ? (
            <>
              <p>
                You are logged in as {signedIn.email}. Accept to join the team and see its projects.
              </p>
              <InviteAnswerButtons />
            </>
          ) : (
            <InviteSignedOut
              accountExists={accountExists}
              loginHref={loginHref}
              registerHref={registerHref}
              createAccount="Create your free account to join the team, or log in if you already have one."
              signUp="Sign up and join"
            />
          )}
        </section>
      </main>
    </>
  );
}
