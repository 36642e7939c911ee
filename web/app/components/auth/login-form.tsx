import {
  authTexts,
  pagePaths,
  PASSWORD_ENFORCED_MIN_LENGTH,
  validateLogin,
} from '@animata/contracts';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import type { LoginActionResult } from '../../utils/login.server.js';
import { useFocusFirstError } from '../ui/field-state.js';
import { FormNotice } from '../ui/form-notice.js';
import { PasswordField } from '../ui/password-field.js';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';
import { TwoFactorPanel } from './two-factor-panel.js';
import { useRecaptchaSubmit } from './use-recaptcha.js';

/**
 * The login form (account-and-auth §2.3): e-mail, password, 'Log in', the two-factor dialog when
 * the account has it; 'Forgot password?' and 'Confirm email' unless minimal. It posts to the
 * current route, whose action is `loginAction`, and goes on to `url` afterwards.
 */
export function LoginForm({
  result,
  url,
  minimal,
  recaptchaSiteKey,
}: {
  result: LoginActionResult | undefined;
  url: string;
  minimal: boolean;
  recaptchaSiteKey: string | null;
}) {
  const submitWithRecaptcha = useRecaptchaSubmit(recaptchaSiteKey, 'login');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState({ email: result?.values?.email ?? '', password: '' });
  const live = validateLogin(values);
  const serverErrors = result?.fieldErrors ?? {};
  const liveError = (name: 'email' | 'password') => (touched[name] ? live[name] : undefined);
  const focus = useFocusFirstError(result, Object.keys(serverErrors).length > 0);

  return (
    <>
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
      {result?.twoFactor ? <TwoFactorPanel state={result.twoFactor} extraFields={{ url }} /> : null}
    </>
  );
}
