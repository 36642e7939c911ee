import {
  authMessages,
  authTexts,
  endpoints,
  fieldMessages,
  loginUrlFor,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateRegister,
  type FieldErrors,
  type RegisterRequest,
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
import { PasswordField } from '../components/auth/password-field.js';
import { SocialButtons } from '../components/auth/social-buttons.js';
import { TextField } from '../components/auth/text-field.js';
import { TwoFactorPanel } from '../components/auth/two-factor-panel.js';
import { useRecaptchaSubmit } from '../components/auth/use-recaptcha.js';
import { useHydrated } from '../utils/use-hydrated.js';
import { api, type Api } from '../utils/api.server.js';
import { loadCredentialsPage, recaptchaFieldOf } from '../utils/auth.server.js';
import { CouponBanner } from '../components/auth/coupon-banner.js';
import { returnTo } from '../utils/redirects.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import {
  openTwoFactor,
  runTwoFactorStep,
  type TwoFactorState,
} from '../utils/two-factor.server.js';
import { FormNotice } from '../components/ui/form-notice.js';

export const meta: MetaFunction = () => [{ title: 'Create your free account · Animata' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCredentialsPage(request, context);
}

interface ActionResult {
  fieldErrors?: FieldErrors;
  notice?: string;
  values?: { name: string; email: string };
  twoFactor?: TwoFactorState;
}

async function register(
  client: Api,
  body: RegisterRequest,
  values: { name: string; email: string },
) {
  const result = await client.call(endpoints.auth.register, body, {
    knownFields: ['name', 'email', 'password'],
  });
  if (!result.ok) {
    return data<ActionResult>(
      { fieldErrors: result.error.fieldErrors, notice: result.error.notice, values },
      { status: result.status === 429 ? 429 : 422, headers: result.headers },
    );
  }
  if (result.data.tfa_required) {
    return data<ActionResult>(
      { twoFactor: openTwoFactor('register', values.email), values },
      { headers: result.headers },
    );
  }
  if (!result.data.customer_id) {
    return data<ActionResult>({ notice: authMessages.unknownLoginError, values }, { status: 422 });
  }
  // §4.4: the message, a sign-up event (recorded by the BFF), then /.
  return redirectWithNotification('/', notify('success', authMessages.registered), {
    headers: result.headers,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const client = api(request, context);
  const values = { name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') };
  const redirectTo = returnTo(form.get('url'));

  const step = await runTwoFactorStep(form, client, 'register');
  if (step.kind === 'cancelled') return data<ActionResult>({ values });
  if (step.kind === 'pending') {
    return data<ActionResult>(
      { twoFactor: step.state, values },
      { status: step.status, headers: step.headers },
    );
  }
  // Re-submitted with the token and without the captcha; the BFF kept the checked password.
  if (step.kind === 'verified') {
    return register(
      client,
      { name: values.name, email: values.email, tfa_token: step.token },
      values,
    );
  }

  const password = String(form.get('password') ?? '');
  const fieldErrors = validateRegister({ ...values, password });
  if (Object.keys(fieldErrors).length > 0)
    return data<ActionResult>({ fieldErrors, values }, { status: 422 });
  return register(
    client,
    {
      ...values,
      password,
      redirect: redirectTo,
      ...recaptchaFieldOf(form),
    },
    values,
  );
}

export default function Register() {
  const { socialProviders, recaptchaSiteKey, coupon } = useLoaderData<typeof loader>();
  const submitWithRecaptcha = useRecaptchaSubmit(recaptchaSiteKey, 'register');
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const url = returnTo(params.get('url'));
  const [values, setValues] = useState({
    name: result?.values?.name ?? '',
    email: result?.values?.email ?? '',
    password: '',
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const hydrated = useHydrated();
  const live = validateRegister(values);
  const serverErrors = result?.fieldErrors ?? {};
  const errorFor = (name: 'name' | 'email' | 'password') =>
    serverErrors[name] ?? (touched[name] && name !== 'password' ? live[name] : undefined);
  const loginHref = loginUrlFor(url);

  return (
    <>
      <CouponBanner coupon={coupon} />
      <h1 className="auth-title">{authTexts.registerTitle}</h1>
      <p className="auth-subtitle">{authTexts.registerNote}</p>
      <Form
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          // §4.4: submit touches every field and is blocked while anything is invalid.
          setTouched({ name: true, email: true, password: true });
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
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
          error={errorFor('name')}
          onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errorFor('email')}
          onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
        <PasswordField
          autoComplete="new-password"
          requirements="always"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={errorFor('password')}
          onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        <FormNotice>{result?.notice}</FormNotice>
        <button
          type="submit"
          name="intent"
          value="register"
          className="button button--primary button--block"
          // §5: with JavaScript, submit stays disabled until the password meets the requirements.
          disabled={submitting || (hydrated && live.password !== undefined)}
        >
          {submitting ? 'Creating account…' : authTexts.createAccount}
        </button>
      </Form>
      <SocialButtons providers={socialProviders} redirectTo={url} disabled={submitting} />
      <p className="auth-switch">
        {authTexts.alreadyHaveAccount} <Link to={loginHref}>Log in</Link>
      </p>
      {result?.twoFactor ? (
        <TwoFactorPanel state={result.twoFactor} extraFields={{ url, name: values.name }} />
      ) : null}
    </>
  );
}
