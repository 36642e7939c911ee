import { emailChangeMessages, endpoints, pagePaths } from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormNotice } from '../components/ui/form-notice.js';
import { SubmitButton } from '../components/ui/submit-button.js';
import { api } from '../utils/api.server.js';
import { formRefused, readForm, textField } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [
  { title: `${emailChangeMessages.confirmTitle} · Animata` },
  // The token is in the address (the site's Referrer-Policy already keeps it from other sites;
  // no-referrer here would make the form post's Origin "null" and fail the same-origin check).
  { name: 'robots', content: 'noindex' },
];

/**
 * The link mailed to the new address. Opening it changes nothing: a mail scanner that follows
 * links must not use it up (decision 55). The button posts the token, and the address changes.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const result = await api(request, context).call(endpoints.account.confirmEmailChange, {
    token: textField(read.form, 'token').slice(0, 200),
  });
  if (!result.ok) return data({ notice: result.error.notice }, { status: 422 });
  return redirectWithNotification(pagePaths.account, notify('success', result.data.message));
}

export default function ConfirmEmailChange() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { notice?: string } | undefined;
  const submitting = useNavigation().state === 'submitting';
  return (
    <>
      <h1 className="auth-title">{emailChangeMessages.confirmTitle}</h1>
      <p className="auth-subtitle">
        Confirm and this address becomes the one you log in with and receive our mail at.
      </p>
      <Form method="post" className="stack">
        <input type="hidden" name="token" value={token} />
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton block pending={submitting}>
          {emailChangeMessages.confirmButton}
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        <Link to={pagePaths.account}>Back to account settings</Link>
      </p>
    </>
  );
}
