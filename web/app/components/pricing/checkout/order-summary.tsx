import {
  billingMessages,
  formatCents,
  formatMoney,
  TEAM_INCLUDED_SEATS,
  TEAM_MAX_EXTRA_SEATS,
} from '@animata/contracts';
import { Form, Link, useSubmit } from '@remix-run/react';
import type { CheckoutLoaderData } from '../../../utils/checkout.server.js';
import { cardBrandName } from '../card-logo.js';
import { CouponRefusalNote } from '../coupon-refusal-note.js';

const PERIOD_LABEL = { monthly: 'Monthly', annual: 'Annual' } as const;

/**
 * What is being bought: product and period (with the switch that rewrites the path), seats for
 * team with the extra-seat control (0–7, a GET form, so it works without JavaScript), the amount
 * due now (prorated for an upgrade) and when the paid period ends — or, for a change that waits
 * for the period end, when the new plan starts (issue 29). Amounts to the cent ('$240.00').
 */
export function OrderSummary({
  data,
  locked = false,
}: {
  data: CheckoutLoaderData;
  /** A payment is under way (two-factor, 3-D Secure): period and seats stay as they are. */
  locked?: boolean;
}) {
  const { target, plan, preview, extraSlots, coupon, scheduled, renewsOn } = data;
  const cents = (amount: number) => formatCents(amount, { cents: 'always' });
  const submit = useSubmit();
  const seatPrice = preview.details.seat_unit_price;
  const method = preview.details.paymentMethod;
  return (
    <section className="order-summary" aria-label="Your order">
      <div className="order-summary__plan">
        <p className="order-summary__product">{plan.title}</p>
        <nav className="checkout-period" aria-label="Billing period">
          {(['monthly', 'annual'] as const).map((period) =>
            period === target.period || locked ? (
              <span
                key={period}
                className={`checkout-period__option${period === target.period ? ' is-current' : ''}`}
                aria-current={period === target.period ? 'true' : undefined}
              >
                {PERIOD_LABEL[period]}
              </span>
            ) : (
              <Link
                key={period}
                to={data.switchTo.to}
                replace
                preventScrollReset
                className="checkout-period__option"
              >
                {PERIOD_LABEL[period]}
              </Link>
            ),
          )}
        </nav>
      </div>
      {target.product === 'team' && locked ? (
        <p className="seats__included">
          {TEAM_INCLUDED_SEATS} seats included, {extraSlots} extra
        </p>
      ) : target.product === 'team' ? (
        <Form
          method="get"
          className="seats"
          preventScrollReset
          replace
          onChange={(event) =>
            submit(event.currentTarget, { replace: true, preventScrollReset: true })
          }
        >
          {coupon ? <input type="hidden" name="coupon" value={coupon} /> : null}
          <p className="seats__included">{TEAM_INCLUDED_SEATS} seats included</p>
          <label className="seats__extra">
            Extra seats
            <select name="extraSlots" defaultValue={String(extraSlots)}>
              {Array.from({ length: TEAM_MAX_EXTRA_SEATS + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {seatPrice !== null ? (
            <p className="seats__price muted">
              {formatMoney(seatPrice, { cents: 'always' })} per extra seat a month
            </p>
          ) : null}
          <noscript>
            <button type="submit" className="button button--ghost">
              Update seats
            </button>
          </noscript>
        </Form>
      ) : null}
      <dl className="order-summary__lines">
        {scheduled ? (
          // Nothing comes off: the new plan's price, from the day it starts.
          <div>
            <dt>Price</dt>
            <dd>{scheduled.price}</dd>
          </div>
        ) : preview.payment.amountOriginal !== preview.payment.amount ? (
          <div>
            <dt>Price</dt>
            <dd>
              <s>{cents(preview.payment.amountOriginal)}</s>
            </dd>
          </div>
        ) : null}
        <div className="order-summary__due">
          <dt>{target.kind === 'upgrade' && !scheduled ? 'Due now (prorated)' : 'Due now'}</dt>
          <dd data-testid="amount-due">{cents(preview.payment.amount)}</dd>
        </div>
        {preview.payment.couponRefusal ? (
          <div className="order-summary__coupon">
            <dt>Coupon</dt>
            <dd>
              <CouponRefusalNote refusal={preview.payment.couponRefusal} />
            </dd>
          </div>
        ) : null}
        {scheduled ? (
          <div className="order-summary__starts">
            <dt>{billingMessages.startsOn}</dt>
            <dd>{scheduled.startsOn}</dd>
          </div>
        ) : renewsOn?.date ? (
          <div>
            <dt>Renews on</dt>
            <dd>{renewsOn.date}</dd>
          </div>
        ) : null}
        {renewsOn?.paypal ? (
          <div className="order-summary__paypal-date">
            <dt>Renews on, with PayPal</dt>
            <dd>{renewsOn.paypal}</dd>
          </div>
        ) : null}
        {target.kind === 'upgrade' && method.type !== 'none' ? (
          <div>
            <dt>Payment method</dt>
            <dd>
              {method.type === 'paypal'
                ? `PayPal ${method.email ?? ''}`
                : `${method.brand ? cardBrandName(method.brand) : 'Card'} •••• ${method.card ?? ''}`}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
