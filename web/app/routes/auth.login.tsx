import {
  authTexts,
  endpoints,
  pagePaths,
  PASSWORD_ENFORCED_MIN_LENGTH,
  loginOutcome,
  validateLogin,
  withReturnTo,
} from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
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
import { SocialButtons } from '../components/auth/social-buttons.js';
import { TextField } from '../components/ui/text-field.js';
import { TwoFactorPanel } from '../components/auth/two-factor-panel.js';
import { useRecaptchaSubmit } from '../components/auth/use-recaptcha.js';
import {
  credentialsAction,
  loadCredentialsPage,
  type CredentialsResult,
} from '../utils/credentials.server.js';
import { CouponBanner } from '../components/auth/coupon-banner.js';
import { useReturnTo } from '../components/auth/use-return-to.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { useFocusFirstError } from '../components/ui/field-state.js';
import { SubmitButton } from '../components/ui/submit-button.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: 'Log in · Animata' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCredentialsPage(request, context);
}

type ActionResult = CredentialsResult<{ email: string }>;

export function action({ request, context }: ActionFunctionArgs) {
  return credentialsAction(request, context, {
    endpoint: endpoints.auth.login,
    twoFactorAction: 'login',
    knownFields: ['email', 'password'],
    read: (form) => ({ email: String(form.get('email') ?? '') }),
    validate: ({ email }, password) => validateLogin({ email, password }),
    body: ({ email }, password, { recaptcha }) => ({ email, password, recaptcha }),
    // The login is repeated with the token; the BFF checked the password before the code.
    retryBody: ({ email }, tfaToken) => ({ email, tfa_token: tfaToken }),
    outcome: loginOutcome,
    valuesWithDialog: false,
  });
}

export default function Login() {
  const { socialProviders, recaptchaSiteKey, coupon } = useLoaderData<typeof loader>();
  const submitWithRecaptcha = useRecaptchaSubmit(recaptchaSiteKey, 'login');
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const minimal = params.get('minimal') === '1';
  const url = useReturnTo();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState({ email: result?.values?.email ?? '', password: '' });
  const live = validateLogin(values);
  const serverErrors = result?.fieldErrors ?? {};
  const liveError = (name: 'email' | 'password') => (touched[name] ? live[name] : undefined);
  const focus = useFocusFirstError(result, Object.keys(serverErrors).length > 0);
  const registerHref = withReturnTo(pagePaths.register, url);

  return (
    <>
      <CouponBanner coupon={coupon} />
      <h1 className="auth-title">{authTexts.loginTitle}</h1>
      <Form
        ref={focus.formRef}
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          setTouched({ email: true, password: true });
          if (submitting || Object.keys(live).length > 0) {
            event.preventDefault();
            if (!submitting) focus.refused();
            return;
          }
          submitWithRecaptcha(event);
        }}
      >
        <input type="hidden" name="url" value={url} />
        <input type="hidden" name="recaptcha" defaultValue="" />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={result?.values?.email ?? ''}
          error={liveError('email')}
          serverError={serverErrors.email}
          onValueChange={(email) => setValues((v) => ({ ...v, email }))}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
        <PasswordField
          autoComplete="current-password"
          minLength={PASSWORD_ENFORCED_MIN_LENGTH}
          error={liveError('password')}
          serverError={serverErrors.password}
          onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        {!minimal ? (
          <p className="form-links">
            <Link to={pagePaths.recoverPassword}>{authTexts.forgotPassword}</Link>
            <Link to={pagePaths.confirmEmail}>{authTexts.confirmEmail}</Link>
          </p>
        ) : null}
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton
          name="intent"
          value="login"
          block
          pending={submitting}
          pendingLabel="Logging in…"
        >
          {authTexts.loginButton}
        </SubmitButton>
      </Form>
      <SocialButtons providers={socialProviders} redirectTo={url} disabled={submitting} />
      <p className="auth-switch">
        <Link to={registerHref}>{authTexts.createAccount}</Link>
      </p>
      {result?.twoFactor ? <TwoFactorPanel state={result.twoFactor} extraFields={{ url }} /> : null}
    </>
  );
}
