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
 * links must not use it up (decision 55). The page asks the BFF which address the link confirms
 * (without using it), so it names the address, and a used or expired link is reported at once;
 * the button posts the token, and the address changes. Only the check's 422 counts as a bad
 * link: when the check itself fails the button shows and the confirmation will say why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const check = await api(request, context).call(endpoints.account.checkEmailChangeLink, {
    token: token.slice(0, 200),
  });
  return {
    token,
    newEmail: check.ok ? check.data.newEmail : null,
    linkProblem: !check.ok && check.status === 422 ? check.error.notice : null,
  };
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
  const { token, newEmail, linkProblem } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { notice?: string } | undefined;
  const submitting = useNavigation().state === 'submitting';
  return (
    <>
      <h1 className="auth-title">{emailChangeMessages.confirmTitle}</h1>
      {linkProblem ? (
        <div className="stack">
          <FormNotice>{linkProblem}</FormNotice>
        </div>
      ) : (
        <>
          <p className="auth-subtitle">{emailChangeMessages.confirmText(newEmail)}</p>
          <Form method="post" className="stack">
            <input type="hidden" name="token" value={token} />
            <FormNotice>{result?.notice}</FormNotice>
            <SubmitButton block pending={submitting}>
              {emailChangeMessages.confirmButton}
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="auth-switch">
        <Link to={pagePaths.account}>{emailChangeMessages.backToAccount}</Link>
      </p>
    </>
  );
}
