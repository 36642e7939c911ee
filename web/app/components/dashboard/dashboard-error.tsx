import { useRouteError } from '@remix-run/react';
import { ErrorMessage } from '../ui/route-error-boundary.js';

/**
 * A failed section of the dashboard (a folder that is not the customer's answers 404): the
 * message in the section's place, the top bar and the side menu still around it.
 */
export function DashboardErrorBoundary() {
  return (
    <main id="main" className="dashboard-main dashboard-main--error">
      <ErrorMessage error={useRouteError()} />
    </main>
  );
}
