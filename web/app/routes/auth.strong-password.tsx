import {
  authMessages,
  authTexts,
  endpoints,
  fieldMessages,
  isStrongPassword,
  oldPasswordError,
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
import { useHydrated } from '../utils/use-hydrated.js';
import { api, formFailure } from '../utils/api.server.js';
import { formRefused, readForm } from '../utils/form.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { returnTo } from '../utils/redirects.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { useFocusFirstError } from '../components/ui/field-state.js';
import { SubmitButton } from '../components/ui/submit-button.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.strongTitle} · Animata` }];

/**
 * Any signed-in customer may open the screen. Only the session whose login used a weak
 * password may set a new one without the old (the BFF's rule); everyone else is asked for it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireCustomer(request, context, {
    allowWeakPassword: true,
    allowUnverified: true,
  });
  return { askOldPassword: !session.passwordUpdateRequired };
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
  // The form has the field when the session is not a weak-password login (see the loader).
  const oldPassword = form.get('old_password');
  const fieldErrors: FieldErrors = {};
  if (typeof oldPassword === 'string') {
    const error = oldPasswordError(oldPassword);
    if (error) fieldErrors.old_password = error;
  }
  // §4.6: update only when the requirements are met.
  if (!isStrongPassword(password)) fieldErrors.password = authMessages.passwordNotValid;
  if (Object.keys(fieldErrors).length > 0) {
    return data<ActionResult>({ fieldErrors }, { status: 422 });
  }
  const result = await client.call(
    endpoints.account.changePassword,
    typeof oldPassword === 'string' ? { password, old_password: oldPassword } : { password },
    { knownFields: ['password', 'old_password'] },
  );
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin();
    return formFailure(result, {});
  }
  return redirectWithNotification(url, notify('success', result.data.message));
}

export default function StrongPassword() {
  const { askOldPassword } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const url = returnTo(params.get('url'));
  const [password, setPassword] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [oldTouched, setOldTouched] = useState(false);
  const hydrated = useHydrated();
  const serverErrors = result?.fieldErrors ?? {};
  const focus = useFocusFirstError(result, Object.keys(serverErrors).length > 0);
  const oldLive = askOldPassword ? oldPasswordError(oldPassword) : undefined;
  return (
    <>
      <h1 className="auth-title">{authTexts.strongTitle}</h1>
      <p className="auth-subtitle">{authTexts.strongSubtitle}</p>
      <Form
        ref={focus.formRef}
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute('value') === 'later') return;
          setOldTouched(true);
          if (submitting || oldLive) {
            event.preventDefault();
            if (!submitting) focus.refused();
          }
        }}
      >
        <input type="hidden" name="url" value={url} />
        {askOldPassword ? (
          <PasswordField
            name="old_password"
            label={authTexts.oldPassword}
            autoComplete="current-password"
            error={oldTouched ? oldLive : undefined}
            serverError={serverErrors.old_password}
            onValueChange={setOldPassword}
          />
        ) : null}
        <PasswordField
          label={authTexts.newPassword}
          autoComplete="new-password"
          requirements="focus"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          maxLength={PASSWORD_MAX_LENGTH}
          serverError={serverErrors.password}
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
        You can change your password any time in{' '}
        <Link to={pagePaths.account}>{authTexts.accountSettings}</Link>.
      </p>
    </>
  );
}
