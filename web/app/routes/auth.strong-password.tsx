import {
  authMessages,
  authTexts,
  endpoints,
  fieldMessages,
  isStrongPassword,
  pagePaths,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrors,
} from '@animata/contracts';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { PasswordField } from '../components/ui/password-field.js';
import { useHydrated } from '../utils/use-hydrated.js';
import { api, formFailure } from '../utils/api.server.js';
import { formRefused, readForm } from '../utils/form.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { returnTo } from '../utils/redirects.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { SubmitButton } from '../components/ui/submit-button.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.strongTitle} · Animata` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context, { allowWeakPassword: true, allowUnverified: true });
  return null;
}

interface ActionResult {
  fieldErrors?: FieldErrors;
  notice?: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const form = read.form;
  const client = api(request, context);
  const url = returnTo(form.get('url'));
  if (form.get('intent') === 'later') {
    const result = await client.call(endpoints.account.postponePasswordUpdate);
    if (!result.ok && result.error.kind === 'logged-out') return client.toLogin();
    return redirectWithNotification(
      url,
      notify('info', result.ok ? result.data.message : result.error.notice),
    );
  }
  const password = String(form.get('password') ?? '');
  // §4.6: update only when the requirements are met.
  if (!isStrongPassword(password)) {
    return data<ActionResult>(
      { fieldErrors: { password: authMessages.passwordNotValid } },
      { status: 422 },
    );
  }
  const result = await client.call(
    endpoints.account.changePassword,
    { password },
    { knownFields: ['password'] },
  );
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin();
    return formFailure(result, {});
  }
  return redirectWithNotification(url, notify('success', result.data.message));
}

export default function StrongPassword() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const url = returnTo(params.get('url'));
  const [password, setPassword] = useState('');
  const hydrated = useHydrated();
  return (
    <>
      <h1 className="auth-title">{authTexts.strongTitle}</h1>
      <p className="auth-subtitle">{authTexts.strongSubtitle}</p>
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="url" value={url} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          requirements="focus"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          maxLength={PASSWORD_MAX_LENGTH}
          error={result?.fieldErrors?.password}
          onValueChange={setPassword}
        />
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton
          name="intent"
          value="update"
          block
          // §4.6: with JavaScript, Update is allowed only once the requirements are met.
          disabled={submitting || (hydrated && !isStrongPassword(password))}
        >
          {authTexts.updatePassword}
        </SubmitButton>
        <SubmitButton name="intent" value="later" formNoValidate variant="link">
          {authTexts.updateLater}
        </SubmitButton>
      </Form>
      <p className="muted small">
        You can change your password any time in <a href={pagePaths.login}>Account settings</a>.
      </p>
    </>
  );
}
