import { authTexts, endpoints, loginUrlFor, pagePaths } from '@animata/contracts';
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormNotice } from '../components/ui/form-notice.js';
import type { ConnectionFailure } from '../utils/form-connection.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { getSession } from '../utils/auth.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.verifyTitle} · Animata` }];

/**
 * With ?token= (the e-mail's link) it verifies and goes to /. Otherwise it is the screen of
 * signed-in customers who have not verified yet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (token) {
    const result = await api(request, context).call(endpoints.auth.verifyEmail, { token });
    return result.ok
      ? redirectWithNotification('/', notify('success', result.data.message))
      : redirectWithNotification(
          (await getSession(request, context)) ? pagePaths.verifyEmail : pagePaths.confirmEmail,
          notify('error', result.error.notice),
        );
  }
  const session = await getSession(request, context);
  if (!session) throw redirect(loginUrlFor(pagePaths.verifyEmail));
  if (session.verified) throw redirect('/');
  return { email: session.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await api(request, context).call(endpoints.auth.sendValidationEmail, {});
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return api(request, context).toLogin();
    return redirectWithNotification(pagePaths.verifyEmail, notify('error', result.error.notice));
  }
  // §2.5: 'Resend email' then goes to /.
  return redirectWithNotification('/', notify('success', result.data.message));
}

export default function VerifyEmail() {
  const { email } = useLoaderData<typeof loader>() as { email: string };
  const navigation = useNavigation();
  const sending =
    navigation.state === 'submitting' && navigation.formAction?.startsWith(pagePaths.verifyEmail);
  return (
    <>
      <h1 className="auth-title">{authTexts.verifyTitle}</h1>
      <p>
        We sent an email to <strong>{email}</strong>. Click the verification button in it to finish
        setting up your account.
      </p>
      <Form method="post" className="stack">
        <FormNotice>{useActionData<ConnectionFailure>()?.notice}</FormNotice>
        <SubmitButton
          block
          pending={sending}
          pendingLabel={
            <>
              <span className="spinner" aria-hidden="true" /> Sending…
            </>
          }
        >
          {authTexts.resendEmail}
        </SubmitButton>
      </Form>
      <Form method="post" action={pagePaths.logout} className="auth-switch">
        <span className="muted">Wrong address? </span>
        <SubmitButton variant="link">{authTexts.logOut}</SubmitButton>
      </Form>
    </>
  );
}
