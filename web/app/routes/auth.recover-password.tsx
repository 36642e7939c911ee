import { authTexts, endpoints } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { EmailRequestPage } from '../components/auth/email-request-page.js';
import { redirectIfSignedIn } from '../utils/auth.server.js';
import { emailRequestAction } from '../utils/email-request.server.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.recoverTitle} · Animata` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

export function action({ request, context }: ActionFunctionArgs) {
  return emailRequestAction(request, context, endpoints.auth.sendPasswordResetEmail);
}

export default function RecoverPassword() {
  const result = useActionData<typeof action>();
  return (
    <EmailRequestPage
      title={authTexts.recoverTitle}
      intro="Enter the email of your account and we will send you a link to set a new password."
      result={result}
    />
  );
}
