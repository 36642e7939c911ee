import {
  authTexts,
  endpoints,
  pagePaths,
  PASSWORD_ENFORCED_MIN_LENGTH,
  type FieldErrors,
  type LoginRequest,
  loginOutcome,
  validateLogin,
  withReturnTo,
} from '@animata/contracts';
import {
  data,
  redirect,
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
import { PasswordField } from '../components/auth/password-field.js';
import { SocialButtons } from '../components/auth/social-buttons.js';
import { TextField } from '../components/auth/text-field.js';
import { TwoFactorPanel } from '../components/auth/two-factor-panel.js';
import { useRecaptchaSubmit } from '../components/auth/use-recaptcha.js';
import { api, type Api } from '../utils/api.server.js';
import { loadCredentialsPage, recaptchaFieldOf } from '../utils/auth.server.js';
import { CouponBanner } from '../components/auth/coupon-banner.js';
import { returnTo } from '../utils/redirects.js';
import {
  openTwoFactor,
  runTwoFactorStep,
  type TwoFactorState,
} from '../utils/two-factor.server.js';
import { FormNotice } from '../components/ui/form-notice.js';

export const meta: MetaFunction = () => [{ title: 'Log in · Animata' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCredentialsPage(request, context);
}

interface ActionResult {
  fieldErrors?: FieldErrors;
  notice?: string;
  email?: string;
  twoFactor?: TwoFactorState;
}

async function login(client: Api, body: LoginRequest, url: string) {
  const result = await client.call(endpoints.auth.login, body, {
    knownFields: ['email', 'password'],
  });
  if (!result.ok) {
    return data<ActionResult>(
      {
        fieldErrors: result.error.fieldErrors,
        notice: result.error.notice,
        email: body.email ?? '',
      },
      { status: result.status === 429 ? 429 : 422, headers: result.headers },
    );
  }
  const outcome = loginOutcome(result.data, url);
  if (outcome.kind === 'two-factor') {
    return data<ActionResult>(
      { twoFactor: openTwoFactor('login', body.email ?? '') },
      { headers: result.headers },
    );
  }
  if (outcome.kind === 'error') {
    return data<ActionResult>(
      { notice: outcome.message, email: body.email ?? '' },
      { status: 422 },
    );
  }
  return redirect(outcome.to, { headers: result.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const client = api(request, context);
  const url = returnTo(form.get('url'));
  const email = String(form.get('email') ?? '');

  const step = await runTwoFactorStep(form, client, 'login');
  if (step.kind === 'cancelled') return data<ActionResult>({ email });
  if (step.kind === 'pending') {
    return data<ActionResult>(
      { twoFactor: step.state },
      { status: step.status, headers: step.headers },
    );
  }
  // The login is repeated with the token; the BFF checked the password before the code.
  if (step.kind === 'verified') return login(client, { email, tfa_token: step.token }, url);

  const password = String(form.get('password') ?? '');
  const fieldErrors = validateLogin({ email, password });
  if (Object.keys(fieldErrors).length > 0)
    return data<ActionResult>({ fieldErrors, email }, { status: 422 });
  return login(client, { email, password, ...recaptchaFieldOf(form) }, url);
}

export default function Login() {
  const { socialProviders, recaptchaSiteKey, coupon } = useLoaderData<typeof loader>();
  const submitWithRecaptcha = useRecaptchaSubmit(recaptchaSiteKey, 'login');
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const minimal = params.get('minimal') === '1';
  const url = returnTo(params.get('url'));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [values, setValues] = useState({ email: result?.email ?? '', password: '' });
  const live = validateLogin(values);
  const serverErrors = result?.fieldErrors ?? {};
  const errorFor = (name: 'email' | 'password') =>
    serverErrors[name] ?? (touched[name] ? live[name] : undefined);
  const registerHref = withReturnTo(pagePaths.register, url);

  return (
    <>
      <CouponBanner coupon={coupon} />
      <h1 className="auth-title">{authTexts.loginTitle}</h1>
      <Form
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          setTouched({ email: true, password: true });
          if (submitting || Object.keys(live).length > 0) {
            event.preventDefault();
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
          defaultValue={result?.email ?? ''}
          error={errorFor('email')}
          onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
        <PasswordField
          autoComplete="current-password"
          hideAfterMs={1000}
          minLength={PASSWORD_ENFORCED_MIN_LENGTH}
          error={errorFor('password')}
          onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        {!minimal ? (
          <p className="form-links">
            <Link to={pagePaths.recoverPassword}>{authTexts.forgotPassword}</Link>
            <Link to={pagePaths.confirmEmail}>{authTexts.confirmEmail}</Link>
          </p>
        ) : null}
        <FormNotice>{result?.notice}</FormNotice>
        <button
          type="submit"
          name="intent"
          value="login"
          className="button button--primary button--block"
          disabled={submitting}
        >
          {submitting ? 'Logging in…' : authTexts.loginButton}
        </button>
      </Form>
      <SocialButtons providers={socialProviders} redirectTo={url} disabled={submitting} />
      <p className="auth-switch">
        <Link to={registerHref}>{authTexts.createAccount}</Link>
      </p>
      {result?.twoFactor ? <TwoFactorPanel state={result.twoFactor} extraFields={{ url }} /> : null}
    </>
  );
}
