import {
  authTexts,
  endpoints,
  fieldMessages,
  newPasswordError,
  pagePaths,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  type FieldErrors,
} from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from '@remix-run/react';
import { useState } from 'react';
import { PasswordField } from '../components/ui/password-field.js';
import { api, formFailure } from '../utils/api.server.js';
import { formRefused, readForm } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { useFocusFirstError } from '../components/ui/field-state.js';
import { SubmitButton } from '../components/ui/submit-button.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.resetTitle} · Animata` }];

interface ActionResult {
  fieldErrors?: FieldErrors;
  notice?: string;
}

/**
 * A used, expired or unknown link is reported when the page opens, not after a new password was
 * typed: the BFF checks the link without using it up. Only its 422 counts as a bad link; when
 * the check itself fails (no connection, 429) the form shows and the reset will say why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await api(request, context).call(endpoints.auth.checkResetLink, { token });
  return { linkProblem: !result.ok && result.status === 422 ? result.error.notice : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const form = read.form;
  const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  // §5: the requirements check; a failing requirement's message is the password error.
  const error = newPasswordError(password);
  if (error) return data<ActionResult>({ fieldErrors: { password: error } }, { status: 422 });
  const result = await api(request, context).call(
    endpoints.auth.resetPassword,
    { token, password },
    { knownFields: ['password'] },
  );
  if (!result.ok) return formFailure(result, {});
  // 'Your password was reset', then / (old sessions ended, a new one started).
  return redirectWithNotification('/', notify('success', result.data.message), {
    headers: result.headers,
  });
}

export default function ResetPassword() {
  const { linkProblem } = useLoaderData<typeof loader>();
  return linkProblem ? <InvalidLink message={linkProblem} /> : <ResetForm />;
}

/** The link cannot be used: say so, and offer the way on (a new link) and back (login). */
function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <h1 className="auth-title">{authTexts.resetTitle}</h1>
      <div className="stack">
        <FormNotice>{message}</FormNotice>
        <Link to={pagePaths.recoverPassword} className="button button--primary button--block">
          {authTexts.requestNewResetLink}
        </Link>
      </div>
      <p className="auth-switch">
        <Link to={pagePaths.login}>{authTexts.goBack}</Link>
      </p>
    </>
  );
}

function ResetForm() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const live = newPasswordError(password);
  const serverError = result?.fieldErrors?.password;
  const focus = useFocusFirstError(result, serverError !== undefined);
  return (
    <>
      <h1 className="auth-title">{authTexts.resetTitle}</h1>
      <p className="auth-subtitle">Choose a new password for your account.</p>
      <Form
        ref={focus.formRef}
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          setTouched(true);
          if (submitting || live) {
            event.preventDefault();
            if (!submitting) focus.refused();
          }
        }}
      >
        <input type="hidden" name="token" value={params.get('token') ?? ''} />
        <PasswordField
          label={authTexts.newPassword}
          autoComplete="new-password"
          requirements="always"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          maxLength={PASSWORD_MAX_LENGTH}
          error={touched ? live : undefined}
          serverError={serverError}
          onValueChange={setPassword}
        />
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton block pending={submitting} pendingLabel="Saving…">
          {authTexts.setPassword}
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        <Link to={pagePaths.login}>{authTexts.goBack}</Link>
      </p>
    </>
  );
}
