import {
  endpoints,
  fillPath,
  loginUrlFor,
  pagePaths,
  sharingMessages,
  teamMessages,
  type InviteShareTarget,
} from '@animata/contracts';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { InviteAnswerButtons, InviteSignedOut } from '../components/invites/invite-link-answer.js';
import { TopBar } from '../components/top-bar.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { SubmitButton } from '../components/ui/submit-button.js';
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
  return answerInviteLink(request, context, params.token ?? '', {
    failed: sharingMessages.genericError,
    destination: (answer, accepted) =>
      accepted && answer.share ? targetPath(answer.share) : pagePaths.home,
  });
}

export default function ShareInvitePage() {
  const { here, invite, signedIn, loginHref, registerHref, accountExists } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { notice?: string } | undefined;
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
              <InviteAnswerButtons />
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
            <InviteSignedOut
              accountExists={accountExists}
              loginHref={loginHref}
              registerHref={registerHref}
              createAccount="Create your free account to accept the invitation, or log in if you already have one."
              signUp="Sign up and accept"
            />
          )}
        </section>
      </main>
    </>
  );
}
