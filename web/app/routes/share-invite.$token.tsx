import {
  endpoints,
  fillPath,
  loginUrlFor,
  pagePaths,
  sharingMessages,
  teamMessages,
  type InviteAction,
  type InviteShareTarget,
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
  { title: 'Shared with you · Animata' },
  { name: 'robots', content: 'noindex' },
];

/** Where an accepted invite leads: the project, or Shared with me for a folder. */
function targetPath(share: InviteShareTarget): string {
  return share.entity === 'project'
    ? fillPath(pagePaths.project, { params: { id: share.id } })
    : pagePaths.sharedWithMe;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A share invite e-mail's link (issue 31; the team invite page is the model, decision 193).
 * Opening it changes nothing (a mail scanner may follow links). Signed in with the invited
 * address: Accept and Decline. Signed in with another address: says so and offers to log out.
 * Signed out: Sign up through the link (which accepts it for the invited address, decision 204)
 * or Log in (back here). An unknown, used or revoked link, or a team invite's, is the 404 page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const client = api(request, context);
  const [info, session] = await Promise.all([
    client.expect(client.call(endpoints.invites.link, undefined, { params: { token } })),
    getSession(request, context),
  ]);
  if (!info.share) throw new Response('Not found', { status: 404 });
  const here = fillPath(pagePaths.shareInvite, { params: { token } });
  return {
    here,
    invite: info.invite,
    accountExists: info.accountExists,
    signedIn: session
      ? {
          email: session.email,
          isRecipient: sameAddress(session.email, info.invite.recipientEmail),
        }
      : null,
    loginHref: loginUrlFor(here),
    registerHref: fillPath(pagePaths.register, {
      query: { invite: token, url: targetPath(info.share) },
    }),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const read = await readForm(request);
  if (!read.ok) return data({ notice: read.notice }, { status: read.status });
  const answer = textField(read.form, 'action');
  if (answer !== 'confirm' && answer !== 'refuse') {
    return data({ notice: sharingMessages.genericError }, { status: 400 });
  }
  const client = api(request, context);
  const result = await client.call(
    endpoints.invites.answerLink,
    { action: answer as InviteAction },
    { params: { token } },
  );
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data({ notice: result.error.notice || sharingMessages.genericError }, { status: 422 });
  }
  const to = result.data.share ? targetPath(result.data.share) : pagePaths.home;
  return redirectWithNotification(
    answer === 'confirm' ? to : pagePaths.home,
    notify('success', result.data.message),
  );
}

export default function ShareInvitePage() {
  const { here, invite, signedIn, loginHref, registerHref, accountExists } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { notice?: string } | undefined;
  const navigation = useNavigation();
  const busy = (value: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('action') === value;
  const what = invite.grantEntity === 'label' ? 'folder' : 'project';
  const who = invite.inviter.name.trim() || 'Someone';
  return (
    <>
      <TopBar />
      <main id="main" className="page page--narrow team-invite-page share-invite-page">
        <header className="page-header">
          <h1>{invite.grantTitle}</h1>
          <p className="muted">
            {who} shared the {what} {invite.grantTitle} with {invite.recipientEmail} (
            {invite.grantAccess} access).
          </p>
        </header>
        <section className="card" aria-label="Invitation">
          <FormNotice>{answer?.notice}</FormNotice>
          {invite.status === 'refused' ? (
            <p>{teamMessages.inviteAnswered}</p>
          ) : signedIn?.isRecipient ? (
            <>
              <p>
                You are logged in as {signedIn.email}. Accept to open the {what} from your
                dashboard.
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
          ) : signedIn ? (
            <>
              <p role="alert">
                You are logged in as {signedIn.email}.{' '}
                {sharingMessages.inviteForAnotherAddress(invite.recipientEmail)}
              </p>
              <Form method="post" action={pagePaths.logout} className="team-invite-page__buttons">
                <input type="hidden" name="url" value={here} />
                <SubmitButton>Log out</SubmitButton>
              </Form>
            </>
          ) : (
            <>
              <p>
                {accountExists
                  ? 'Log in to accept the invitation.'
                  : 'Create your free account to accept the invitation, or log in if you already have one.'}
              </p>
              <div className="team-invite-page__buttons">
                {accountExists ? null : (
                  <Link to={registerHref} className="button button--primary">
                    Sign up and accept
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
