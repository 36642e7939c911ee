import { Link } from '@remix-run/react';
import type { PendingWarning } from '../../../utils/checkout.server.js';

/** Where the warning's button resumes the payment (its 3-D Secure step). */
const RESUME_PATH = '/pay/pending';

/**
 * The 24-hour warning of a payment waiting for 3-D Secure (§4, §8): 'Please proceed first with
 * your pending payment for {plan name} plan.' and a way to finish it. For the pricing page (its
 * loader gets `warning` from pendingWarningFor) and the pending payment's dialog.
 */
export function PendingPaymentWarning({
  warning,
  resumeLink = true,
}: {
  warning: PendingWarning | null;
  resumeLink?: boolean;
}) {
  if (!warning) return null;
  return (
    <div className="pending-warning" role="alert">
      <p>{warning.message}</p>
      {resumeLink ? (
        <Link to={RESUME_PATH} className="button button--primary">
          Complete payment
        </Link>
      ) : null}
    </div>
  );
}
