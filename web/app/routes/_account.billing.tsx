import { accountTabs, billingPageTexts, type SubscriptionView } from '@animata/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import {
  BillingInfoEditor,
  CancelDialog,
  CardEditor,
  DowngradeLimits,
  ModeLink,
  RemoveMethodDialog,
  ResumeForm,
} from '../components/billing/billing-controls.js';
import { BillingSummary } from '../components/pricing/billing-summary.js';
import { FormNotice } from '../components/ui/form-notice.js';
import { lostConnectionNotice } from '../utils/form-connection.js';
import { pricingLinks } from '../components/pricing/pricing-page.js';
import {
  billingAction,
  loadBilling,
  type BillingActionData,
} from '../utils/billing/billing-page.server.js';
import {
  billingModeOf,
  canCancel,
  canChangeCard,
  canRemoveMethod,
  canResume,
} from '../utils/billing/billing-view.js';
import { useAccountData } from './_account.js';
import checkoutStylesUrl from '../styles/checkout.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '../components/ui/route-error-boundary.js';
export {
  connectionSafeAction as clientAction,
  connectionSafeRevalidation as shouldRevalidate,
} from '../utils/form-connection.js';

export const meta: MetaFunction = () => [{ title: `${accountTabs.billing} · Animata` }];
// The card form's styles come with the checkout's.
export const links = () => [...pricingLinks(), { rel: 'stylesheet', href: checkoutStylesUrl }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadBilling(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return billingAction(request, context);
}

/**
 * The billing tab (billing-teams-apps §2, §4; issue 30): the subscription as the account layout
 * loaded it, and its controls: change the card, remove the payment method, billing info, cancel
 * the renewal (with its reasons, then the downgrade limits) and resume it. Edit modes and
 * dialogs live in the address, so each works without JavaScript.
 */
export default function Page() {
  const { customer } = useAccountData();
  const { config, justCanceled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as BillingActionData | undefined;
  const location = useLocation();
  const mode = billingModeOf(
    new URL(location.pathname + location.search, 'http://x'),
    result?.intent,
  );
  const subscription: SubscriptionView = customer.subscription;
  const editingCard = mode === 'card' && canChangeCard(subscription);
  const controls = [
    canCancel(subscription) ? (
      <ModeLink key="cancel" mode="cancel" variant="danger">
        {billingPageTexts.cancelSubscription}
      </ModeLink>
    ) : null,
    canResume(subscription) ? <ResumeForm key="resume" /> : null,
  ].filter(Boolean);
  return (
    <BillingSummary
      customer={customer}
      paymentMethod={
        editingCard ? (
          <CardEditor config={config} result={result} />
        ) : (
          <span className="billing-row__actions">
            {canChangeCard(subscription) ? (
              <ModeLink mode="card">{billingPageTexts.changeCard}</ModeLink>
            ) : null}
            {canRemoveMethod(subscription) ? (
              <ModeLink mode="remove">{billingPageTexts.removePaymentMethod}</ModeLink>
            ) : null}
          </span>
        )
      }
      billingInfo={
        mode === 'info' ? <BillingInfoEditor customer={customer} result={result} /> : undefined
      }
      billingInfoAction={
        mode === 'info' ? null : <ModeLink mode="info">{billingPageTexts.edit}</ModeLink>
      }
    >
      {justCanceled && subscription.state === 'canceled' ? <DowngradeLimits /> : null}
      {controls.length ? <div className="billing-page__controls">{controls}</div> : null}
      <FormNotice>
        {result?.intent === '' ? result.notice : lostConnectionNotice(result)}
      </FormNotice>
      <RemoveMethodDialog open={mode === 'remove' && canRemoveMethod(subscription)} />
      {canCancel(subscription) ? <CancelDialog open={mode === 'cancel'} result={result} /> : null}
    </BillingSummary>
  );
}
