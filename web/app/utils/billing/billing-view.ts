import { pagePaths, type SubscriptionView } from '@animata/contracts';

/*
 * The billing page's plain view logic (issue 30), for its server code and its components: which
 * control shows for which subscription (§4), and the modes that live in the address so they
 * work without JavaScript (`/billing?edit=card`, `?edit=info`, `?confirm=cancel|remove`).
 */

/** After a cancel: `/billing?canceled` lists the downgrade limits of §9. */
export const BILLING_CANCELED_PARAM = 'canceled';

export type BillingMode = 'card' | 'info' | 'cancel' | 'remove';

export function billingModeOf(url: URL, refusedIntent?: string): BillingMode | null {
  if (refusedIntent === 'card' || refusedIntent === 'info' || refusedIntent === 'cancel')
    return refusedIntent;
  const edit = url.searchParams.get('edit');
  if (edit === 'card' || edit === 'info') return edit;
  const confirm = url.searchParams.get('confirm');
  if (confirm === 'cancel' || confirm === 'remove') return confirm;
  return null;
}

export const billingModePath = (mode: BillingMode): string =>
  mode === 'card' || mode === 'info'
    ? `${pagePaths.billing}?edit=${mode}`
    : `${pagePaths.billing}?confirm=${mode}`;

/** A card plan's card can be changed (the card gateway's call; a PayPal plan has none). */
export const canChangeCard = (s: SubscriptionView): boolean =>
  s.paymentMethod === 'card' && s.state !== 'free';

/** §4: only with a stored method, and the plan canceled or expired. */
export const canRemoveMethod = (s: SubscriptionView): boolean =>
  (s.paymentMethod === 'card' || s.paymentMethod === 'paypal') &&
  (s.state === 'canceled' || s.state === 'expired');

/** The renewal of an active or past-due plan can be canceled. */
export const canCancel = (s: SubscriptionView): boolean =>
  s.state === 'active' || s.state === 'past_due';

/** Before its end date a canceled renewal can be resumed, with a method to renew with. */
export const canResume = (s: SubscriptionView): boolean =>
  s.state === 'canceled' && s.paymentMethod !== null;
