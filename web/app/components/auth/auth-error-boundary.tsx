import { useRouteError } from '@remix-run/react';
import { ErrorMessage } from '../ui/route-error-boundary.js';

/**
 * The error boundary of the sign-in pages (`export { AuthErrorBoundary as ErrorBoundary }`):
 * the same message as every other failed page, inside the sign-in frame (logo, illustration,
 * terms) that stays around it.
 */
export function AuthErrorBoundary() {
  return <ErrorMessage error={useRouteError()} />;
}
