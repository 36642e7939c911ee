import { authTexts, endpoints } from '@animata/contracts';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { EmailRequestPage } from '../components/auth/email-request-page.js';
import { emailRequestAction } from '../utils/email-request.server.js';
export { AuthErrorBoundary as ErrorBoundary } from '../components/auth/auth-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${authTexts.confirmTitle} · Animata` }];

export function action({ request, context }: ActionFunctionArgs) {
  return emailRequestAction(request, context, endpoints.auth.sendValidationEmail);
}

export default function ConfirmEmail() {
  const result = useActionData<typeof action>();
  return (
    <EmailRequestPage
      title={authTexts.confirmTitle}
      intro="Enter the email of your account and we will send you a new verification link."
      result={result}
    />
  );
}
