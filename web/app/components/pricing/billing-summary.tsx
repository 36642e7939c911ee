import {
  accountTabs,
  billingCostText,
  billingMessages,
  billingPageTexts,
  formatDate,
  formatMoney,
  pagePaths,
  periodWord,
  shownBillingDate,
  type Customer,
  type SubscriptionView,
} from '@animata/contracts';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CardLogo, cardBrandName } from './card-logo.js';

export const billingTexts = {
  subscription: 'Subscription',
  cost: 'Cost',
  nextRenewal: 'Next renewal',
  paymentMethod: 'Payment method',
  billingInfo: 'Billing info',
  noPaymentMethod: 'No payment method',
  expired: 'Expired',
  expiredOn: 'Ended on',
  active: 'Active',
  free: 'Free plan',
} as const;

const PERIOD_TEXT = { annual: 'Annual', monthly: 'Monthly', free: 'Free' } as const;

/**
 * The billing tab, read-only (billing-teams-apps §2, §3, §4): the plan and its period, the
 * cost paid for this period (and the next one's when a coupon made them differ), the next
 * renewal or 'Available until' with 'Renewal canceled', a plan change waiting for the period
 * end (issue 29), the past-due state, the
 * payment method (a logo for visa, mastercard, discover and amex, or the PayPal e-mail), the
 * billing info, and Upgrade only on the free plan (accessLevel 0).
 */
export function BillingSummary({
  customer,
  paymentMethod,
  billingInfo,
  billingInfoAction,
  children,
}: {
  customer: Pick<Customer, 'name' | 'email' | 'subscription' | 'billing'>;
  /** What the payment method row shows beside the method (the billing page's controls). */
  paymentMethod?: ReactNode;
  /** The billing info row's content instead of the stored info (its edit form). */
  billingInfo?: ReactNode;
  /** Beside the stored billing info (its Edit). */
  billingInfoAction?: ReactNode;
  /** Below the summary: the cancel, resume and remove controls (issue 30). */
  children?: ReactNode;
}) {
  const subscription = customer.subscription;
  const endDate = shownBillingDate(subscription.endDate, subscription.paymentMethod);
  const endText = endDate ? formatDate(endDate, 'long') : null;
  // A change for the period end (issue 29): the next plan, from the day the paid period ends.
  const pending = subscription.pending;
  const scheduled = pending && pending.payment === null && pending.startsAt ? pending : null;
  const scheduledStartDate = scheduled
    ? shownBillingDate(scheduled.startsAt, subscription.paymentMethod)
    : null;
  const scheduledStart = scheduledStartDate ? formatDate(scheduledStartDate, 'long') : '';
  // This period cost less (a first-cycle coupon): what the next one costs, unless a change
  // says it already.
  const nextCost =
    !scheduled &&
    subscription.state === 'active' &&
    subscription.plan !== 'free' &&
    subscription.renewalPrice !== subscription.planPrice
      ? `then ${formatMoney(subscription.renewalPrice)} per ${periodWord(subscription.plan)}`
      : null;
  return (
    <main id="main" className="page page--narrow account-page billing-page">
      <header className="page-header billing-page__header">
        <h1>{accountTabs.billing}</h1>
        {subscription.accessLevel === 0 ? (
          <Link to={pagePaths.pricing} className="button button--primary">
            {billingMessages.upgrade}
          </Link>
        ) : null}
      </header>
      <section className="card account-rows" aria-label={billingTexts.subscription}>
        <Row label={billingTexts.subscription}>
          <span className="billing-page__plan">{subscription.planTitle}</span>
          <StateBadge subscription={subscription} />
          {subscription.state !== 'free' ? (
            <span className="billing-page__period muted">{PERIOD_TEXT[subscription.plan]}</span>
          ) : null}
        </Row>
        <Row label={billingTexts.cost}>
          {billingCostText(subscription)}
          {nextCost ? <span className="account-row__note muted">{nextCost}</span> : null}
        </Row>
        {subscription.state !== 'free' && subscription.state !== 'past_due' && endText ? (
          <DateRow subscription={subscription} date={endText} />
        ) : null}
        {scheduled ? (
          <Row label={billingMessages.scheduledChange}>
            {/* 'Starter from {date}' (issue 30), then its period and price. */}
            <span className="billing-page__plan">
              {billingPageTexts.planFrom(scheduled.planName, scheduledStart)}
            </span>
            <span className="billing-page__period muted">{PERIOD_TEXT[scheduled.plan]}</span>
            <span className="account-row__note muted">
              {`${formatMoney(scheduled.planPrice)} per ${periodWord(scheduled.plan)}`}
            </span>
          </Row>
        ) : null}
        {subscription.pastDue ? (
          <Row label={billingMessages.pastDue}>
            <span className="billing-page__warning" role="status">
              {`${subscription.pastDue.planTitle}: ${formatMoney(subscription.pastDue.planPrice)} due ${formatDate(subscription.pastDue.dueDate, 'long')}. We retry the payment up to ${subscription.pastDue.attemptLimit} times.`}
            </span>
          </Row>
        ) : null}
        <Row label={billingTexts.paymentMethod}>
          <PaymentMethod subscription={subscription} />
          {paymentMethod}
        </Row>
      </section>
      <section
        className="card account-rows billing-page__info"
        aria-label={billingTexts.billingInfo}
      >
        <Row label={billingTexts.billingInfo}>
          {billingInfo ?? (
            <>
              <BillingInfoView customer={customer} />
              {billingInfoAction}
            </>
          )}
        </Row>
      </section>
      {children}
    </main>
  );
}

/**
 * The billing info as invoices show it (§5): the customer's own when it is included, the
 * account's name and e-mail otherwise.
 */
function BillingInfoView({ customer }: { customer: Pick<Customer, 'name' | 'email' | 'billing'> }) {
  const own = customer.billing.include;
  return (
    <>
      <span className="billing-page__info-name">
        {own ? customer.billing.name || customer.name : customer.name}
      </span>
      <span className="billing-page__info-details muted">
        {own ? customer.billing.details : customer.email}
      </span>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="account-row billing-row">
      <p className="account-row__label">{label}</p>
      <div className="account-row__value billing-row__value">{children}</div>
    </div>
  );
}

function StateBadge({ subscription }: { subscription: SubscriptionView }) {
  const badge =
    subscription.state === 'past_due'
      ? { text: billingMessages.pastDue, tone: 'error' }
      : subscription.state === 'canceled' || subscription.isCanceled
        ? { text: billingMessages.renewalCanceled, tone: 'warning' }
        : subscription.state === 'expired'
          ? { text: billingTexts.expired, tone: 'muted' }
          : subscription.state === 'active'
            ? { text: billingTexts.active, tone: 'success' }
            : null;
  if (!badge) return null;
  return <span className={`billing-badge billing-badge--${badge.tone}`}>{badge.text}</span>;
}

/** Next renewal, 'Available until' (canceled), or the end of an expired plan. */
function DateRow({ subscription, date }: { subscription: SubscriptionView; date: string }) {
  if (subscription.state === 'expired') return <Row label={billingTexts.expiredOn}>{date}</Row>;
  if (subscription.state === 'canceled' || subscription.isCanceled) {
    return (
      <Row label={billingMessages.availableUntil}>
        {date}
        <span className="account-row__note muted">{billingMessages.renewalCanceled}</span>
      </Row>
    );
  }
  return <Row label={billingTexts.nextRenewal}>{date}</Row>;
}

function PaymentMethod({ subscription }: { subscription: SubscriptionView }) {
  if (subscription.paymentMethod === 'card' && subscription.card) {
    const { brand, last4 } = subscription.card;
    return (
      <span className="payment-method" data-method="card">
        <CardLogo brand={brand} />
        <span>
          {cardBrandName(brand)} <span aria-label={`ending in ${last4}`}>•••• {last4}</span>
        </span>
      </span>
    );
  }
  if (subscription.paymentMethod === 'paypal' && subscription.paypal) {
    return (
      <span className="payment-method" data-method="paypal">
        <span className="paypal-mark" aria-hidden="true">
          PayPal
        </span>
        <span>
          <span className="visually-hidden">PayPal </span>
          {subscription.paypal.email}
        </span>
      </span>
    );
  }
  return <span className="muted">{billingTexts.noPaymentMethod}</span>;
}
