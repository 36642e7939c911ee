import { authTexts, endpoints, loginUrlFor } from '@animata/contracts';
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useSearchParams } from '@remix-run/react';
import { FormNotice } from '../components/ui/form-notice.js';
import type { ConnectionFailure } from '../utils/form-connection.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { getSession } from '../utils/auth.server.js';
import { readForm } from '../utils/form.server.js';
import { returnTo } from '../utils/redirects.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.logOut} · Animata` }];

/**
 * §4.3: the server sign-out, then the session, warning and coupon cookies go (the BFF's
 * Set-Cookie headers) and the visitor lands on /auth/login, with the url when one was given.
 * A 401 from sign-out still redirects.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // An unreadable form still signs out: the visitor asked to, and only the url is lost.
  const read = await readForm(request);
  const result = await api(request, context).call(endpoints.auth.signOut);
  return redirect(loginUrlFor(read.ok ? read.form.get('url') : null), { headers: result.headers });
}

/**
 * Only a signed-in customer has anything to log out of: anyone else goes to the login page
 * (keeping the url parameter), without the logged-out notice, since nothing ended just now.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getSession(request, context))) {
    throw redirect(loginUrlFor(new URL(request.url).searchParams.get('url')));
  }
  return null;
}

/** A GET only asks: signing out on a plain link would let other sites sign people out. */
export default function Logout() {
  const [params] = useSearchParams();
  const url = returnTo(params.get('url'));
  const failure = useActionData<ConnectionFailure>();
  return (
    <>
      <h1 className="auth-title">{authTexts.logOut}</h1>
      <p>Do you want to log out of Animata?</p>
      <Form method="post" className="stack">
        <FormNotice>{failure?.notice}</FormNotice>
        {url !== '/' ? <input type="hidden" name="url" value={url} /> : null}
        <SubmitButton block>{authTexts.logOut}</SubmitButton>
      </Form>
    </>
  );
}
