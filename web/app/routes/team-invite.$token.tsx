import {
  endpoints,
  fillPath,
  loginUrlFor,
  pagePaths,
  teamMessages,
  type InviteAction,
} from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { getSession } from '../utils/auth.server.js';
import { readForm, textField } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
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
  const token = params.token ?? '';
  const read = await readForm(request);
  if (!read.ok) return data({ notice: read.notice }, { status: read.status });
  const answer = textField(read.form, 'action');
  if (answer !== 'confirm' && answer !== 'refuse') {
    return data({ notice: teamMessages.updateFailed }, { status: 400 });
  }
  const client = api(request, context);
  const result = await client.call(
    endpoints.invites.answerLink,
    { action: answer as InviteAction },
    { params: { token } },
  );
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data({ notice: result.error.notice || teamMessages.updateFailed }, { status: 422 });
  }
  const to = result.data.teamId ? teamPath(result.data.teamId) : pagePaths.home;
  return redirectWithNotification(to, notify('success', result.data.message));
}

export default function TeamInvitePage() {
  const { invite, signedIn, loginHref, registerHref, accountExists } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { notice?: string } | undefined;
  const navigation = useNavigation();
  const busy = (value: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('action') === value;
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
              <Form method="post" className="team-invite-page__buttons">
                <SubmitButton name="action" value="confirm" pending={busy('confirm')}>
                  Accept invitation
                </SubmitButton>
                <SubmitButton variant="ghost" name="action" value="refuse" pending={busy('refuse')}>
                  Decline
                </SubmitButton>
              </Form>
            </>
          ) : (
            <>
              <p>
                {accountExists
                  ? 'Log in to accept the invitation.'
                  : 'Create your free account to join the team, or log in if you already have one.'}
              </p>
              <div className="team-invite-page__buttons">
                {accountExists ? null : (
                  <Link to={registerHref} className="button button--primary">
                    Sign up and join
                  </Link>
                )}
                <Link
                  to={loginHref}
                  className={`button ${accountExists ? 'button--primary' : 'button--ghost'}`}
                >
                  Log in
                </Link>
              </div>
            </>
          )}
        </section>
      </main>
    </>
  );
}
