import {
  authTexts,
  endpoints,
  fieldMessages,
  loginUrlFor,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerOutcome,
  validateRegister,
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
import { useHydrated } from '../utils/use-hydrated.js';
import { readForm, textField } from '../utils/form.server.js';
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

export const meta: MetaFunction = () => [{ title: 'Create your free account · Animata' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCredentialsPage(request, context);
}

type ActionResult = CredentialsResult<{ name: string; email: string; inviteToken: string }>;

export async function action({ request, context }: ActionFunctionArgs) {
  // Through a team invite link the new customer joins the team and lands in it (issue 30);
  // through a share invite link the project or folder is shared and the page opens (issue 31).
  const peek = await readForm(request.clone());
  const viaInvite = peek.ok && textField(peek.form, 'inviteToken') !== '';
  return credentialsAction(request, context, {
    endpoint: endpoints.auth.register,
    twoFactorAction: 'register',
    knownFields: ['name', 'email', 'password'],
    read: (form) => ({
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      // Signing up through a team invite link (issue 30): the new customer joins the team.
      inviteToken: String(form.get('inviteToken') ?? ''),
    }),
    validate: ({ name, email }, password) => validateRegister({ name, email, password }),
    body: ({ inviteToken, ...values }, password, { redirectTo, recaptcha }) => ({
      ...values,
      ...(inviteToken ? { inviteToken } : {}),
      password,
      redirect: redirectTo,
      recaptcha,
    }),
    // Re-submitted with the token and without the captcha; the BFF kept the checked password.
    retryBody: ({ name, email, inviteToken }, tfaToken) => ({
      name,
      email,
      ...(inviteToken ? { inviteToken } : {}),
      tfa_token: tfaToken,
    }),
    outcome: (answer, redirectTo) => {
      const outcome = registerOutcome(answer);
      return viaInvite && outcome.kind === 'redirect' ? { ...outcome, to: redirectTo } : outcome;
    },
    valuesWithDialog: true,
  });
}

export default function Register() {
  const { socialProviders, recaptchaSiteKey, coupon } = useLoaderData<typeof loader>();
  const submitWithRecaptcha = useRecaptchaSubmit(recaptchaSiteKey, 'register');
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const url = useReturnTo();
  // A team invite link's sign-up (`?invite=<token>`): the new customer joins the team.
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite') ?? result?.values?.inviteToken ?? '';
  const [values, setValues] = useState({
    name: result?.values?.name ?? '',
    email: result?.values?.email ?? '',
    password: '',
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const hydrated = useHydrated();
  const live = validateRegister(values);
  const serverErrors = result?.fieldErrors ?? {};
  // The password is touched only by a submit: while typing, the requirements list speaks.
  const liveError = (name: 'name' | 'email' | 'password') =>
    touched[name] ? live[name] : undefined;
  const focus = useFocusFirstError(result, Object.keys(serverErrors).length > 0);
  const loginHref = loginUrlFor(url);

  return (
    <>
      <CouponBanner coupon={coupon} />
      <h1 className="auth-title">{authTexts.registerTitle}</h1>
      <p className="auth-subtitle">{authTexts.registerNote}</p>
      <Form
        ref={focus.formRef}
        method="post"
        className="stack"
        noValidate
        onSubmit={(event) => {
          // §4.4: submit touches every field and is blocked while anything is invalid.
          setTouched({ name: true, email: true, password: true });
          if (submitting || Object.keys(live).length > 0) {
            event.preventDefault();
            if (!submitting) focus.refused();
            return;
          }
          submitWithRecaptcha(event);
        }}
      >
        <input type="hidden" name="url" value={url} />
        {inviteToken ? <input type="hidden" name="inviteToken" value={inviteToken} /> : null}
        <input type="hidden" name="recaptcha" defaultValue="" />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={result?.values?.name ?? ''}
          error={liveError('name')}
          serverError={serverErrors.name}
          onValueChange={(name) => setValues((v) => ({ ...v, name }))}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values?.email ?? ''}
          error={liveError('email')}
          serverError={serverErrors.email}
          onValueChange={(email) => setValues((v) => ({ ...v, email }))}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
        <PasswordField
          autoComplete="new-password"
          requirements="always"
          hint={fieldMessages.minimumHint(PASSWORD_MIN_LENGTH)}
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={liveError('password')}
          serverError={serverErrors.password}
          onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        />
        <FormNotice>{result?.notice}</FormNotice>
        <SubmitButton
          name="intent"
          value="register"
          block
          pending={submitting}
          pendingLabel="Creating account…"
          // §5: with JavaScript, submit looks disabled until the password meets the requirements;
          // it still takes the click, so §4.4's submit can touch the fields and say what is
          // missing ('Password is required') instead of doing nothing.
          aria-disabled={hydrated && live.password !== undefined ? true : undefined}
        >
          {authTexts.createAccount}
        </SubmitButton>
      </Form>
      {inviteToken ? (
        // A social sign-up would drop the invite (its token is not carried through the
        // provider): a sign-up through an invite uses the form.
        <p className="auth-note" role="note">
          {url.startsWith('/team/')
            ? 'To join the team you were invited to, sign up with your e-mail above.'
            : 'To accept the invitation you were sent, sign up with your e-mail above.'}
        </p>
      ) : (
        <SocialButtons providers={socialProviders} redirectTo={url} disabled={submitting} />
      )}
      <p className="auth-switch">
        {authTexts.alreadyHaveAccount} <Link to={loginHref}>Log in</Link>
      </p>
      {result?.twoFactor ? (
        <TwoFactorPanel
          state={result.twoFactor}
          extraFields={{ url, name: values.name, ...(inviteToken ? { inviteToken } : {}) }}
        />
      ) : null}
    </>
  );
}
