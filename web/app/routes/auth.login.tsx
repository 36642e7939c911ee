import { authTexts, pagePaths, withReturnTo } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from '@remix-run/react';
import { CouponBanner } from '../components/auth/coupon-banner.js';
import { LoginForm } from '../components/auth/login-form.js';
import { SocialButtons } from '../components/auth/social-buttons.js';
import { useReturnTo } from '../components/auth/use-return-to.js';
import { loadCredentialsPage } from '../utils/credentials.server.js';
import { loginAction, type LoginActionResult } from '../utils/login.server.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: 'Log in · Animata' }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCredentialsPage(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context);
}

export default function Login() {
  const { socialProviders, recaptchaSiteKey, coupon } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LoginActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const url = useReturnTo();
  const registerHref = withReturnTo(pagePaths.register, url);

  return (
    <>
      <CouponBanner coupon={coupon} />
      <h1 className="auth-title">{authTexts.loginTitle}</h1>
      <LoginForm
        result={result}
        url={url}
        minimal={params.get('minimal') === '1'}
        recaptchaSiteKey={recaptchaSiteKey}
      />
      <SocialButtons providers={socialProviders} redirectTo={url} disabled={submitting} />
      <p className="auth-switch">
        <Link to={registerHref}>{authTexts.createAccount}</Link>
      </p>
    </>
  );
}
