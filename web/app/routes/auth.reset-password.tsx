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
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { PasswordField } from '../components/ui/password-field.js';
import { api, formFailure } from '../utils/api.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { useFocusFirstError } from '../components/ui/field-state.js';
import { SubmitButton } from '../components/ui/submit-button.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.resetTitle} · Animata` }];

interface ActionResult {
  fieldErrors?: FieldErrors;
  notice?: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
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
