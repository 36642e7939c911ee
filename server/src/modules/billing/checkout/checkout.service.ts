import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_LEVELS,
  billingMessages,
  couponRefusalMessage,
  formatDate,
  PENDING_PAYMENT_TTL_MS,
  shownBillingDate,
  twoFactorMessages,
  type CancelSubscriptionRequest,
  type CancelSubscriptionResponse,
  type CardPayRequest,
  type ChangeCardRequest,
  type ChangeCardResponse,
  type ChangeTiming,
  type EmptyResponse,
  type Handle3dsRequest,
  type PayablePeriod,
  type PayResponse,
  type PreviewCostRequest,
  type ProductName,
  type UpgradePreview,
  type UpgradeSubscriptionRequest,
  type WalletPayRequest,
} from '@animata/contracts';
import type { Clock } from '../../../common/clock.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CAPTCHA_VERIFIER, CLOCK } from '../../../common/tokens.js';
import { type CaptchaVerifier, type ClientContext, TwoFactorService } from '../../auth/index.js';
import { CouponRedemptionsRepository } from '../../coupons/index.js';
import { CustomersRepository } from '../../customers/index.js';
import { PlanAccess, type PlanAccessInfo } from '../access/plan-access.js';
import { BillingException, BillingErrorCode } from '../billing.exception.js';
import { CatalogService, type Quote } from '../catalog/catalog.service.js';
import { dollars } from '../catalog/pricing.js';
import {
  CARD_GATEWAY,
  PaymentDeclinedError,
  WALLET_GATEWAY,
  type CardGateway,
  type GatewayName,
  type PaymentAction,
  type SubscriptionResult,
  type WalletGateway,
} from '../gateways/gateway.port.js';
import { BillingLedger } from '../subscriptions/billing-ledger.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { CHECKOUT_LOCK_LEASE_MS, CHECKOUT_LOCK_WAIT_MS } from './checkout-lock.js';
import type { SubscriptionRecord } from '../subscriptions/subscriptions.repository.js';
import { PaymentAttempts } from './payment-attempts.js';
import type { PaymentAttempt } from './payment-attempts.repository.js';

export type PaymentKind = 'card' | 'paypal';

/** A call's answer plus the two-factor attempt cookie to set, when a challenge was opened. */
export interface CheckoutOutcome<T> {
  response: T;
  attemptToken?: string;
  /** The attempt is over: its cookie goes. */
  clearAttempt?: boolean;
}

const CARD_GATEWAYS: readonly GatewayName[] = ['stripe', 'sandbox-card'];

/**
 * For how long the retry of a payment whose answer was lost (a crash; a reconciliation ended
 * it) answers as that payment did, once, rather than 409 'You already have this plan.'.
 */
const RETRY_ANSWER_MS = 60 * 60 * 1000;

/** How far a prorated amount may move between the preview and the upgrade (a dollar). */
export const PRORATION_TOLERANCE_CENTS = 100;

/** Which kind of payment a gateway takes. */
export const kindOf = (gateway: GatewayName): PaymentKind =>
  CARD_GATEWAYS.includes(gateway) ? 'card' : 'paypal';

/**
 * When a plan change applies (pure): a higher level, or the same level for a longer period or
 * more seats, now with proration; a lower level, a shorter period or fewer seats at the period
 * end; the same plan and seats is no change.
 */
export function changeTiming(
  current: { accessLevel: number; months: number; extraSlots: number; planId: string },
  next: { accessLevel: number; months: number; extraSlots: number; planId: string },
): 'now' | 'period-end' | 'same' {
  if (current.planId === next.planId && current.extraSlots === next.extraSlots) return 'same';
  // Fewer seats apply at the next billing date (§4 team seats), whatever comes with them.
  if (
    next.accessLevel < current.accessLevel ||
    next.months < current.months ||
    next.extraSlots < current.extraSlots
  )
    return 'period-end';
  if (next.accessLevel > current.accessLevel || next.months > current.months) return 'now';
  return next.extraSlots > current.extraSlots ? 'now' : 'period-end';
}

/**
 * The checkout calls of billing-teams-apps §7 for the card and the wallet gateway, for the
 * signed-in customer only. Gateways report through the ledger; this service never writes a
 * subscription itself except for what no gateway reports (a removed method, a changed card).
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly access: PlanAccess,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: BillingLedger,
    private readonly customers: CustomersRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly redemptions: CouponRedemptionsRepository,
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
    @Inject(CARD_GATEWAY) private readonly card: CardGateway,
    @Inject(WALLET_GATEWAY) private readonly wallet: WalletGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly attempts: PaymentAttempts,
  ) {}

  private gateway(kind: PaymentKind): CardGateway | WalletGateway {
    return kind === 'card' ? this.card : this.wallet;
  }

  /**
   * One money-moving call per customer at a time: the checks (a live subscription, a pending
   * payment) and the gateway calls they guard run as one step, so parallel calls cannot each
   * pass the checks and charge twice.
   */
  private async exclusive<T>(customerId: string, work: () => Promise<T>): Promise<T> {
    const outcome = await this.subscriptions.whileCheckoutLocked(
      customerId,
      { waitMs: CHECKOUT_LOCK_WAIT_MS, leaseMs: CHECKOUT_LOCK_LEASE_MS },
      work,
    );
    if (!outcome.locked) throw BillingException.conflict(billingMessages.checkoutBusy);
    return outcome.value;
  }

  private async customer(customerId: string) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw CommonException.unauthenticated();
    return customer;
  }

  /** A live subscription: one that pay must not duplicate and upgrade may change. */
  private isLive(info: PlanAccessInfo): boolean {
    return (
      info.row !== null &&
      (info.state === 'active' || info.state === 'past_due' || info.state === 'canceled')
    );
  }

  /** When changing the live subscription to the quoted plan applies (see changeTiming). */
  private timingOf(
    row: { extraSlots: number; planId: string },
    plan: { accessLevel: number; months: number },
    quote: Quote,
  ): 'now' | 'period-end' | 'same' {
    return changeTiming(
      {
        accessLevel: plan.accessLevel,
        months: plan.months,
        extraSlots: row.extraSlots,
        planId: row.planId,
      },
      {
        accessLevel: ACCESS_LEVELS[quote.plan.product as ProductName],
        months: quote.plan.months,
        extraSlots: quote.extraSlots,
        planId: quote.plan.id,
      },
    );
  }

  /**
   * When a live plan's change to `quote` applies, or the refusal: the same plan, anything but an
   * upgrade now for a canceled plan (it has no next period), a period-end change the gateway
   * cannot schedule.
   */
  private allowedTiming(
    kind: PaymentKind,
    info: { state: string },
    row: { extraSlots: number; planId: string },
    plan: { accessLevel: number; months: number },
    quote: Quote,
  ): ChangeTiming {
    const timing = this.timingOf(row, plan, quote);
    if (timing === 'same') throw BillingException.conflict(billingMessages.alreadySubscribed);
    if (info.state === 'canceled' && timing !== 'now')
      throw BillingException.conflict(billingMessages.notUpgrade);
    if (timing === 'period-end' && !this.gateway(kind).schedulesChanges)
      throw BillingException.conflict(billingMessages.changeNotSchedulable);
    return timing;
  }

  /**
   * The gateway's prorated price of changing `row` to `quote` now; a `payment` the customer
   * saw is checked against it (proration moves with the clock: cents are not a change).
   */
  private async previewNow(
    kind: PaymentKind,
    customerRef: string,
    row: { externalId: string },
    quote: Quote,
    payment?: number,
  ): Promise<{ amountCents: number; periodEnd: Date }> {
    const preview = await this.gateway(kind).previewChange({
      customerRef,
      externalId: row.externalId,
      planId: quote.plan.id,
      extraSlots: quote.extraSlots,
      couponCode: null,
    });
    if (
      payment !== undefined &&
      Math.abs(payment - preview.amountCents) > PRORATION_TOLERANCE_CENTS
    )
      throw BillingException.priceChanged(preview.amountCents);
    return preview;
  }

  private async quoteOrRefuse(
    product: ProductName,
    period: PayablePeriod,
    extraSlots: number | undefined,
    coupon: string | undefined,
    redemptionHeld = false,
  ): Promise<Quote> {
    if (product !== 'team' && (extraSlots ?? 0) > 0)
      throw CommonException.validation({ extraSlots: billingMessages.notUpgrade });
    const quote = await this.catalog.quote(
      product,
      period,
      extraSlots ?? 0,
      coupon,
      redemptionHeld,
    );
    if (!quote) throw BillingException.invalidPlan();
    return quote;
  }

  /** Two-factor (the customer turned it on) and the captcha (when configured), as login does. */
  /** A payment's second factor: the captcha action of its kind (decision 75), then two-factor. */
  private payFactor(
    customer: { id: string; email: string; twoFactorEnabled: boolean },
    body: { recaptcha?: string; tfa_token?: string },
    client: ClientContext,
    kind: PaymentKind,
  ) {
    return this.secondFactor(customer, body, client, kind === 'card' ? 'payment' : 'pay_paypal');
  }

  private async secondFactor(
    customer: { id: string; email: string; twoFactorEnabled: boolean },
    body: { recaptcha?: string; tfa_token?: string },
    client: ClientContext,
    captchaAction: string | null,
  ): Promise<{ required: false; usedToken: boolean } | { required: true; attemptToken: string }> {
    if (body.tfa_token) {
      const challenge = await this.twoFactor.consume(
        body.tfa_token,
        'payment',
        customer.email,
        client.attemptToken,
      );
      if (!challenge || challenge.customerId !== customer.id)
        throw CommonException.notice(twoFactorMessages.tokenInvalid);
      return { required: false, usedToken: true };
    }
    const human =
      captchaAction === null ||
      (await this.captcha.verify(body.recaptcha, captchaAction, client.ipAddress));
    if (!customer.twoFactorEnabled && human) return { required: false, usedToken: false };
    const attemptToken = await this.twoFactor.open(
      'payment',
      customer.email,
      customer.id,
      null,
      client.attemptToken,
    );
    return { required: true, attemptToken };
  }

  private async ensureCustomerRef(
    gateway: CardGateway | WalletGateway,
    customer: { id: string; email: string; name: string },
  ): Promise<string> {
    const stored = await this.subscriptions.customerRef(customer.id, gateway.name);
    const ref = await gateway.ensureCustomer({ ...customer, customerRef: stored });
    if (ref !== stored) await this.subscriptions.storeCustomerRef(customer.id, gateway.name, ref);
    return ref;
  }

  private async applyResult(result: SubscriptionResult): Promise<void> {
    await this.ledger.applySnapshot(result.subscription);
    if (result.invoice) await this.ledger.recordInvoice(result.invoice);
  }

  private paidPlan(quote: Quote, period: PayablePeriod): NonNullable<PayResponse['plan']> {
    const product = quote.plan.product as ProductName;
    return {
      monthlyPrice: dollars(quote.amountCents / quote.plan.months),
      months: quote.plan.months,
      product,
      period,
    };
  }

  /**
   * A payment the gateway holds for the customer's confirmation (3-D Secure), of a purchase or
   * of an upgrade: stored as the pending payment that handle3ds resolves and that blocks other
   * checkouts meanwhile; answered as the payment the browser confirms.
   */
  private async awaitConfirmation(
    customerId: string,
    gateway: GatewayName,
    action: PaymentAction,
    quote: Quote,
  ): Promise<NonNullable<PayResponse['payment']>> {
    await this.subscriptions.insertPendingPayment({
      customerId,
      gateway,
      paymentIntentId: action.paymentIntentId,
      clientSecret: action.clientSecret,
      planId: quote.plan.id,
      extraSlots: quote.extraSlots,
    });
    const pending = await this.subscriptions.findPendingPayment(customerId, action.paymentIntentId);
    return {
      id: action.paymentIntentId,
      clientSecret: action.clientSecret,
      gateway: gateway === 'stripe' ? 'stripe' : 'sandbox',
      createdAt: (pending?.createdAt ?? this.clock.now()).toISOString(),
    };
  }

  // POST stripe|paypal /preview-cost

  async previewCost(
    customerId: string,
    kind: PaymentKind,
    body: PreviewCostRequest,
  ): Promise<UpgradePreview> {
    const quote = await this.quoteOrRefuse(body.product, body.plan, body.extraSlots, body.coupon);
    const info = await this.access.of(customerId);
    const now = this.clock.now();
    const row = info.row;
    const paymentMethod: UpgradePreview['details']['paymentMethod'] =
      row?.paymentMethod === 'card' && row.cardBrand && row.cardLast4
        ? { type: 'card', brand: row.cardBrand, card: row.cardLast4 }
        : row?.paymentMethod === 'paypal' && row.paypalEmail
          ? { type: 'paypal', email: row.paypalEmail }
          : { type: 'none' };
    const seatUnit = quote.seatsPlan ? dollars(quote.seatsPlan.monthlyPriceCents) : null;
    let amount = quote.amountCents;
    let periodEnd = new Date(now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + quote.plan.months);
    let coupon = quote.coupon?.code ?? null;
    let couponRefusal = quote.couponRefusal;
    let timing: ChangeTiming = 'now';
    if (this.isLive(info) && row && info.plan) {
      if (kindOf(row.gateway) !== kind) throw BillingException.conflict(billingMessages.notUpgrade);
      timing = this.allowedTiming(kind, info, row, info.plan, quote);
      coupon = null;
      couponRefusal = null;
      if (timing === 'now') {
        const ref = (await this.subscriptions.customerRef(customerId, row.gateway)) ?? '';
        const preview = await this.previewNow(kind, ref, row, quote);
        amount = preview.amountCents;
        periodEnd = preview.periodEnd;
      } else {
        amount = 0;
        periodEnd = row.currentPeriodEnd ?? periodEnd;
      }
    }
    return {
      payment: {
        amount,
        extraSlots: quote.extraSlots,
        coupon,
        couponRefusal,
        amountOriginal: quote.amountOriginalCents,
      },
      details: {
        plan: body.plan,
        product: body.product,
        timing,
        period_end: periodEnd.toISOString(),
        paymentMethod,
        seat_unit_price: seatUnit,
      },
    };
  }

  // POST stripe|paypal /pay

  pay(
    customerId: string,
    kind: PaymentKind,
    body: CardPayRequest | WalletPayRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<PayResponse>> {
    return this.exclusive(customerId, () => this.payLocked(customerId, kind, body, client));
  }

  private async payLocked(
    customerId: string,
    kind: PaymentKind,
    body: CardPayRequest | WalletPayRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<PayResponse>> {
    const customer = await this.customer(customerId);
    // An attempt a crash or a lost answer left open: what the gateway made of it comes first.
    let attempt = await this.attempts.openOf(customerId);
    // Its coupon's last redemption may be the one it holds: the price keeps the coupon (the
    // hold below refuses it if the attempt held none).
    const quote = await this.quoteOrRefuse(
      body.product,
      body.plan,
      body.extraSlots,
      body.coupon,
      attempt !== null &&
        attempt.couponCode !== null &&
        attempt.couponCode.toLowerCase() === body.coupon?.trim().toLowerCase(),
    );
    const gateway = this.gateway(kind);
    const source = 'source' in body ? body.source : null;
    if (attempt) {
      const reconciled = await this.attempts.reconcile(attempt);
      if (reconciled.outcome !== 'nothing') attempt = null;
      else if (!this.samePurchase(attempt, gateway.name, quote) || attempt.source !== source) {
        // The gateway holds nothing of it and this is another payment: it ends here.
        await this.attempts.abandon(attempt);
        attempt = null;
      }
    }
    await this.subscriptions.resolveStalePendingPayments(
      customerId,
      new Date(this.clock.now().getTime() - PENDING_PAYMENT_TTL_MS),
    );
    const info = await this.access.of(customerId);
    if (info.pendingPayment && info.subscription.pending)
      throw BillingException.conflict(
        billingMessages.pendingPayment(info.subscription.pending.planName),
      );
    if (this.isLive(info)) {
      // The retry of a payment the customer never heard the end of (a crash, a lost answer;
      // a reconciliation finished it): that payment's answer, once.
      const done = await this.attempts.lastFinishedOf(customerId);
      if (
        done?.state === 'succeeded' &&
        done.answeredAt === null &&
        done.subscriptionExternalId === info.row?.externalId &&
        this.samePurchase(done, gateway.name, quote) &&
        this.clock.now().getTime() - done.updatedAt.getTime() < RETRY_ANSWER_MS &&
        (await this.attempts.markAnswered(done.id))
      )
        return {
          response: {
            plan: this.paidPlan(quote, body.plan),
            ...(done.invoiceExternalId ? { invoiceExternalId: done.invoiceExternalId } : {}),
            message: billingMessages.paymentSuccess,
          },
        };
      // A canceled plan (its payment method maybe removed) is paid up again with the method
      // given here: the plan changes now and renews again (issue 29).
      if (
        info.state === 'canceled' &&
        info.row &&
        info.plan &&
        kindOf(info.row.gateway) === kind &&
        this.timingOf(info.row, info.plan, quote) === 'now'
      )
        return this.renewCanceled(customer, kind, info.row, quote, body, client);
      throw BillingException.conflict(
        info.row?.planId === quote.plan.id
          ? billingMessages.alreadySubscribed
          : billingMessages.notUpgrade,
      );
    }
    // No other payment of the customer's is under way: what an abandoned one held is free
    // again. A resumed attempt keeps its own (the gateway may already have applied it).
    await this.redemptions.releaseHeld(customerId, attempt?.idempotencyKey ?? null);
    if (body.payment !== undefined && body.payment !== quote.amountCents)
      throw quote.couponRefusal
        ? BillingException.couponRefused(quote.couponRefusal.message, quote.amountCents)
        : BillingException.priceChanged(quote.amountCents);

    const factor = await this.payFactor(customer, body, client, kind);
    if (factor.required)
      return { response: { tfa_required: true }, attemptToken: factor.attemptToken };

    if ('source' in body && gateway !== this.card) throw BillingException.invalidPlan();
    // Recorded before the gateway hears of it; a retry goes on with the same attempt and key.
    attempt ??= await this.attempts.open({
      customerId,
      gateway: gateway.name,
      product: quote.plan.product,
      planId: quote.plan.id,
      extraSlots: quote.extraSlots,
      couponCode: quote.coupon?.code ?? null,
      source,
    });
    await this.holdCoupon(attempt, quote);
    const result = await this.subscribe(attempt, gateway, customer, body, kind);
    await this.applyResult(result);
    await this.attempts.succeeded(
      attempt.id,
      result.subscription.externalId,
      result.invoice?.externalId ?? null,
    );
    // Paid: the coupon is redeemed. Waiting for 3-D Secure: it stays held until handle3ds.
    if (!result.action) await this.redemptions.redeemFor(attempt.idempotencyKey);
    if (result.action) {
      return {
        response: {
          payment: await this.awaitConfirmation(customerId, gateway.name, result.action, quote),
          plan: this.paidPlan(quote, body.plan),
        },
        clearAttempt: factor.usedToken,
      };
    }
    return {
      response: {
        plan: this.paidPlan(quote, body.plan),
        ...(result.invoice ? { invoiceExternalId: result.invoice.externalId } : {}),
        message: billingMessages.paymentSuccess,
      },
      clearAttempt: factor.usedToken,
    };
  }

  /**
   * Pay for a higher plan while the current one is canceled (renewal off, the payment method
   * perhaps removed): the card or PayPal account given becomes the customer's payment method,
   * then the live subscription changes now, prorated, as an upgrade does, and renews again.
   */
  private async renewCanceled(
    customer: { id: string; email: string; name: string; twoFactorEnabled: boolean },
    kind: PaymentKind,
    row: SubscriptionRecord,
    quote: Quote,
    body: CardPayRequest | WalletPayRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<PayResponse>> {
    const gateway = this.gateway(kind);
    const ref = await this.ensureCustomerRef(gateway, customer);
    await this.previewNow(kind, ref, row, quote, body.payment);
    const factor = await this.payFactor(customer, body, client, kind);
    if (factor.required)
      return { response: { tfa_required: true }, attemptToken: factor.attemptToken };
    let paymentMethodRef: string;
    try {
      if ('source' in body) {
        const card = await this.card.attachCard(ref, body.source);
        await this.subscriptions.setCard(customer.id, card.brand, card.last4);
        paymentMethodRef = body.source;
      } else {
        paymentMethodRef = (await this.wallet.vaultNonce(ref, body.nonce)).token;
      }
    } catch (error) {
      throw this.declined(error, kind);
    }
    // The subscription is charged to the method given here, not to the one it had.
    return this.changeNow(customer.id, kind, row, quote, body.plan, {
      usedToken: factor.usedToken,
      message: billingMessages.paymentSuccess,
      paymentMethodRef,
    });
  }

  /** Whether a payment call buys what an attempt bought: the same gateway, plan and seats. */
  private samePurchase(attempt: PaymentAttempt, gateway: GatewayName, quote: Quote): boolean {
    return (
      attempt.gateway === gateway &&
      attempt.planId === quote.plan.id &&
      attempt.extraSlots === quote.extraSlots
    );
  }

  /**
   * The gateway calls of an attempt, each step skipped when the attempt already recorded it,
   * so a resumed attempt sends the subscription create exactly as before, under the attempt's
   * key (a gateway then answers with what it made the first time). A refusal ends the attempt.
   */
  private async subscribe(
    attempt: PaymentAttempt,
    gateway: CardGateway | WalletGateway,
    customer: { id: string; email: string; name: string },
    body: CardPayRequest | WalletPayRequest,
    kind: PaymentKind,
  ): Promise<SubscriptionResult> {
    try {
      const ref = attempt.customerRef ?? (await this.ensureCustomerRef(gateway, customer));
      if (attempt.customerRef === null)
        await this.attempts.recordRefs(attempt.id, { customerRef: ref });
      let methodRef = attempt.paymentMethodRef;
      if (methodRef === null) {
        if ('source' in body) {
          await this.card.attachCard(ref, body.source);
          methodRef = body.source;
        } else {
          methodRef = (await this.wallet.vaultNonce(ref, body.nonce)).token;
        }
        await this.attempts.recordRefs(attempt.id, { paymentMethodRef: methodRef });
      }
      return await gateway.createSubscription({
        customerRef: ref,
        planId: attempt.planId,
        extraSlots: attempt.extraSlots,
        couponCode: attempt.couponCode,
        paymentMethodRef: methodRef,
        idempotencyKey: attempt.idempotencyKey,
      });
    } catch (error) {
      if (error instanceof PaymentDeclinedError) await this.attempts.failed(attempt);
      throw this.declined(error, kind);
    }
  }

  /**
   * Takes one redemption of the attempt's coupon before the gateway charges it (a resumed
   * attempt finds its own held under its key). Another payment
   * took the last one meanwhile: nothing is charged, and the answer says so with the price
   * without the coupon (409, as a changed price).
   */
  private async holdCoupon(attempt: PaymentAttempt, quote: Quote): Promise<void> {
    if (!attempt.couponCode) return;
    const held = await this.redemptions.hold(
      attempt.couponCode,
      attempt.customerId,
      attempt.idempotencyKey,
      this.clock.now(),
    );
    if (held === 'refused')
      throw BillingException.couponRefused(
        couponRefusalMessage(attempt.couponCode, { reason: 'used-up' }),
        quote.amountOriginalCents,
      );
  }

  /** A gateway's refusal in the catalogue: the decline as given (402), the wallet's text. */
  private declined(error: unknown, kind: PaymentKind): unknown {
    if (error instanceof PaymentDeclinedError)
      return BillingException.declined(
        kind === 'paypal' ? error.message || billingMessages.walletFailed : error.message,
      );
    return error;
  }

  // POST stripe /handle3ds

  handle3ds(customerId: string, body: Handle3dsRequest): Promise<PayResponse> {
    return this.exclusive(customerId, () => this.handle3dsLocked(customerId, body));
  }

  private async handle3dsLocked(customerId: string, body: Handle3dsRequest): Promise<PayResponse> {
    const pending = await this.subscriptions.findPendingPayment(customerId, body.paymentIntentId);
    if (!pending) throw CommonException.notFound();
    const plan = await this.access.planInfo(pending.planId, pending.extraSlots);
    const payment = await this.card.retrievePayment(body.paymentIntentId);
    if (payment.status === 'succeeded') {
      if (payment.subscriptionExternalId) {
        const snapshot = await this.card.retrieveSubscription(payment.subscriptionExternalId);
        await this.ledger.applySnapshot(snapshot);
      }
      await this.subscriptions.resolvePendingPayment(pending.id);
      await this.redemptions.redeemHeld(customerId);
      const invoiceExternalId = await this.subscriptions.latestInvoiceExternalId(customerId);
      return {
        ...(plan
          ? {
              plan: {
                monthlyPrice: dollars(plan.periodCents / plan.months),
                months: plan.months,
                product: plan.product,
                period: plan.period,
              },
            }
          : {}),
        ...(invoiceExternalId ? { invoiceExternalId } : {}),
        message: billingMessages.paymentSuccess,
      };
    }
    // Failed at the gateway: the pending payment ends. Still waiting (the browser gave up): it
    // stays, so the customer can resume it. Either way the answer says what happened.
    if (payment.status === 'failed') {
      await this.subscriptions.resolvePendingPayment(pending.id);
      await this.redemptions.releaseHeld(customerId);
    }
    throw BillingException.declined(
      payment.error ??
        body.error ??
        (payment.status === 'requires_action'
          ? billingMessages.threeDsIncomplete
          : billingMessages.paymentNotCompleted),
    );
  }

  // POST stripe|paypal /upgrade-subscription

  upgrade(
    customerId: string,
    kind: PaymentKind,
    body: UpgradeSubscriptionRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<PayResponse>> {
    return this.exclusive(customerId, () => this.upgradeLocked(customerId, kind, body, client));
  }

  private async upgradeLocked(
    customerId: string,
    kind: PaymentKind,
    body: UpgradeSubscriptionRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<PayResponse>> {
    const customer = await this.customer(customerId);
    const quote = await this.quoteOrRefuse(body.product, body.plan, body.extraSlots, undefined);
    await this.subscriptions.resolveStalePendingPayments(
      customerId,
      new Date(this.clock.now().getTime() - PENDING_PAYMENT_TTL_MS),
    );
    const info = await this.access.of(customerId);
    const row = info.row;
    if (info.pendingPayment && info.subscription.pending)
      throw BillingException.conflict(
        billingMessages.pendingPayment(info.subscription.pending.planName),
      );
    if (!this.isLive(info) || !row || !info.plan || kindOf(row.gateway) !== kind)
      throw BillingException.conflict(billingMessages.notUpgrade);
    const timing = this.allowedTiming(kind, info, row, info.plan, quote);
    const ref = (await this.subscriptions.customerRef(customerId, row.gateway)) ?? '';
    if (timing === 'now') {
      await this.previewNow(kind, ref, row, quote, body.payment);
    } else if (body.payment !== undefined && body.payment !== 0) {
      throw BillingException.priceChanged(0);
    }
    const factor = await this.secondFactor(customer, body, client, null);
    if (factor.required)
      return { response: { tfa_required: true }, attemptToken: factor.attemptToken };

    if (timing === 'period-end')
      return this.schedule(kind, row, quote, body.plan, factor.usedToken);
    return this.changeNow(customerId, kind, row, quote, body.plan, {
      usedToken: factor.usedToken,
      message: billingMessages.upgraded(quote.product.title),
    });
  }

  /** The gateway's change call under a key of the change and the row's state (retries: once). */
  private async changeAt(
    kind: PaymentKind,
    row: SubscriptionRecord,
    quote: Quote,
    when: ChangeTiming,
    paymentMethodRef?: string,
  ): Promise<SubscriptionResult> {
    try {
      const result = await this.gateway(kind).changeSubscription({
        externalId: row.externalId,
        planId: quote.plan.id,
        extraSlots: quote.extraSlots,
        when,
        ...(paymentMethodRef !== undefined ? { paymentMethodRef } : {}),
        idempotencyKey: hash(
          [
            'change',
            row.externalId,
            quote.plan.id,
            quote.extraSlots,
            row.stateAt.toISOString(),
          ].join(':'),
        ),
      });
      await this.applyResult(result);
      return result;
    } catch (error) {
      throw this.declined(error, kind);
    }
  }

  /**
   * A change for the period end (a lower plan, a shorter period, fewer seats): nothing is
   * bought now, so the answer carries no `plan` (no Purchase event) but what starts and when,
   * in words that say so (issue 29).
   */
  private async schedule(
    kind: PaymentKind,
    row: SubscriptionRecord,
    quote: Quote,
    period: PayablePeriod,
    usedToken: boolean,
  ): Promise<CheckoutOutcome<PayResponse>> {
    const result = await this.changeAt(kind, row, quote, 'period-end');
    const startsAt = result.subscription.currentPeriodEnd ?? row.currentPeriodEnd ?? null;
    const shown = shownBillingDate(startsAt, row.paymentMethod);
    return {
      response: {
        scheduled: {
          planName: quote.product.title,
          plan: period,
          product: quote.plan.product as ProductName,
          startsAt: (startsAt ?? this.clock.now()).toISOString(),
        },
        message: billingMessages.changeScheduled(
          quote.product.title,
          shown ? formatDate(shown, 'long') : '',
        ),
      },
      clearAttempt: usedToken,
    };
  }

  /** A change that applies now, prorated and charged (or waiting for 3-D Secure). */
  private async changeNow(
    customerId: string,
    kind: PaymentKind,
    row: SubscriptionRecord,
    quote: Quote,
    period: PayablePeriod,
    answer: { usedToken: boolean; message: string; paymentMethodRef?: string },
  ): Promise<CheckoutOutcome<PayResponse>> {
    const { usedToken, message, paymentMethodRef } = answer;
    const result = await this.changeAt(kind, row, quote, 'now', paymentMethodRef);
    const plan = {
      monthlyPrice: dollars(
        (quote.plan.monthlyPriceCents * quote.plan.months +
          (quote.seatsPlan
            ? quote.seatsPlan.monthlyPriceCents * quote.seatsPlan.months * quote.extraSlots
            : 0)) /
          quote.plan.months,
      ),
      months: quote.plan.months,
      product: quote.plan.product as ProductName,
      period,
    };
    // The prorated charge waits for 3-D Secure: nothing changed yet (the gateway keeps the
    // change pending until paid); handle3ds applies it once the gateway says it is paid.
    if (result.action)
      return {
        response: {
          payment: await this.awaitConfirmation(
            customerId,
            this.gateway(kind).name,
            result.action,
            quote,
          ),
          plan,
        },
        clearAttempt: usedToken,
      };
    return {
      response: {
        plan,
        ...(result.invoice ? { invoiceExternalId: result.invoice.externalId } : {}),
        message,
      },
      clearAttempt: usedToken,
    };
  }

  // POST stripe /change-card

  changeCard(
    customerId: string,
    body: ChangeCardRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<ChangeCardResponse>> {
    return this.exclusive(customerId, () => this.changeCardLocked(customerId, body, client));
  }

  private async changeCardLocked(
    customerId: string,
    body: ChangeCardRequest,
    client: ClientContext,
  ): Promise<CheckoutOutcome<ChangeCardResponse>> {
    const customer = await this.customer(customerId);
    const info = await this.access.of(customerId);
    if (info.row && kindOf(info.row.gateway) !== 'card')
      throw BillingException.conflict(billingMessages.notUpgrade);
    const factor = await this.secondFactor(customer, body, client, 'change_card');
    if (factor.required)
      return { response: { tfa_required: true }, attemptToken: factor.attemptToken };
    const ref = await this.ensureCustomerRef(this.card, customer);
    let card: { brand: string; last4: string };
    try {
      card = await this.card.attachCard(ref, body.source);
    } catch (error) {
      throw this.declined(error, 'card');
    }
    await this.subscriptions.setCard(customerId, card.brand, card.last4);
    return { response: { brand: card.brand, last4: card.last4 }, clearAttempt: factor.usedToken };
  }

  // POST stripe|paypal /remove-payment-method

  removePaymentMethod(customerId: string, kind: PaymentKind): Promise<EmptyResponse> {
    return this.exclusive(customerId, () => this.removePaymentMethodLocked(customerId, kind));
  }

  private async removePaymentMethodLocked(
    customerId: string,
    kind: PaymentKind,
  ): Promise<EmptyResponse> {
    const info = await this.access.of(customerId);
    const row = info.row;
    const allowed =
      row !== null &&
      row.paymentMethod !== null &&
      kindOf(row.gateway) === kind &&
      (info.state === 'canceled' || info.state === 'expired');
    if (!allowed || !row)
      throw BillingException.notice(BillingErrorCode.Conflict, billingMessages.removePaymentFailed);
    const ref = await this.subscriptions.customerRef(customerId, row.gateway);
    if (ref) await this.gateway(kind).removePaymentMethod(ref);
    await this.subscriptions.clearPaymentMethod(customerId);
    return {};
  }

  // POST stripe|paypal /cancel-subscription

  cancel(
    customerId: string,
    kind: PaymentKind,
    body: CancelSubscriptionRequest,
  ): Promise<CancelSubscriptionResponse> {
    return this.exclusive(customerId, () => this.cancelLocked(customerId, kind, body));
  }

  private async cancelLocked(
    customerId: string,
    kind: PaymentKind,
    body: CancelSubscriptionRequest,
  ): Promise<CancelSubscriptionResponse> {
    const info = await this.access.of(customerId);
    const row = info.row;
    if (
      !row ||
      kindOf(row.gateway) !== kind ||
      !(info.state === 'active' || info.state === 'past_due' || info.state === 'canceled')
    )
      throw BillingException.conflict(billingMessages.notUpgrade);
    if (info.state !== 'canceled') {
      const text = body.reason.code === 0 ? (body.reason.text ?? '').trim() : null;
      if (body.reason.code === 0 && (!text || text.length < 12))
        throw CommonException.validation({ 'reason.text': 'Minimum 12 characters' });
      const snapshot = await this.gateway(kind).cancelAtPeriodEnd(row.externalId);
      await this.ledger.applySnapshot(snapshot);
      await this.subscriptions.recordCancellation(
        customerId,
        row.externalId,
        body.reason.code,
        text,
      );
    }
    const after = await this.subscriptions.findByCustomer(customerId);
    return { endDate: after?.currentPeriodEnd?.toISOString() ?? null };
  }

  // Team seats (issue 30): the teams module's seat call, through the gateway of the plan.

  /**
   * Changes the team plan's extra seats (billing-teams-apps §4 Team seats): more seats now,
   * prorated and charged to the stored method; fewer at the next billing date. A gateway that
   * cannot schedule (Braintree, decision 75) answers `deferred`: the teams module keeps the
   * decrease and applies it when the cycle turns (applyDeferredSeats). Errors: no live team plan,
   * a canceled plan, no stored method for an increase, the same number.
   */
  changeSeats(
    customerId: string,
    extraSlots: number,
    messages: { notActive: string; noPaymentMethod: string; unchanged: string },
  ): Promise<SeatChange> {
    return this.exclusive(customerId, async () => {
      const info = await this.access.of(customerId);
      const row = info.row;
      if (!row || !info.plan || info.plan.product !== 'team' || !this.isLive(info))
        throw BillingException.conflict(messages.notActive);
      if (info.state === 'canceled') throw BillingException.conflict(messages.notActive);
      const kind = kindOf(row.gateway);
      const quote = await this.quoteOrRefuse('team', info.plan.period, extraSlots, undefined);
      const timing = this.timingOf(row, info.plan, quote);
      if (timing === 'same') throw BillingException.conflict(messages.unchanged);
      if (timing === 'now') {
        if (row.paymentMethod === null) throw BillingException.conflict(messages.noPaymentMethod);
        const ref = (await this.subscriptions.customerRef(customerId, row.gateway)) ?? '';
        const preview = await this.previewNow(kind, ref, row, quote);
        const result = await this.changeAt(kind, row, quote, 'now');
        const payment = result.action
          ? await this.awaitConfirmation(customerId, this.gateway(kind).name, result.action, quote)
          : null;
        return { timing, amountCents: preview.amountCents, deferred: false, payment };
      }
      if (!this.gateway(kind).schedulesChanges)
        return { timing, amountCents: 0, deferred: true, payment: null };
      await this.changeAt(kind, row, quote, 'period-end');
      return { timing, amountCents: 0, deferred: false, payment: null };
    });
  }

  /** What a seat change would charge now (0 for a decrease, which waits for the period end). */
  async previewSeats(
    customerId: string,
    extraSlots: number,
  ): Promise<{
    timing: 'now' | 'period-end' | 'same';
    amountCents: number;
    periodEnd: Date | null;
  }> {
    const info = await this.access.of(customerId);
    const row = info.row;
    if (!row || !info.plan || info.plan.product !== 'team' || !this.isLive(info))
      return { timing: 'same', amountCents: 0, periodEnd: null };
    const quote = await this.quoteOrRefuse('team', info.plan.period, extraSlots, undefined);
    const timing = this.timingOf(row, info.plan, quote);
    if (timing !== 'now') return { timing, amountCents: 0, periodEnd: row.currentPeriodEnd };
    const ref = (await this.subscriptions.customerRef(customerId, row.gateway)) ?? '';
    const preview = await this.previewNow(kindOf(row.gateway), ref, row, quote);
    return { timing, amountCents: preview.amountCents, periodEnd: preview.periodEnd };
  }

  /**
   * A decrease the gateway could not schedule, applied at the cycle turn: the new seats from
   * now on, the gateway crediting what the dropped seats of the new period cost.
   */
  applyDeferredSeats(customerId: string, extraSlots: number): Promise<void> {
    return this.exclusive(customerId, async () => {
      const info = await this.access.of(customerId);
      const row = info.row;
      if (!row || !info.plan || info.plan.product !== 'team' || !this.isLive(info)) return;
      if (row.extraSlots === extraSlots) return;
      const quote = await this.quoteOrRefuse('team', info.plan.period, extraSlots, undefined);
      await this.changeAt(kindOf(row.gateway), row, quote, 'now');
    });
  }
}

/** The answer of changeSeats. */
export interface SeatChange {
  timing: 'now' | 'period-end';
  /** Cents charged now (a prorated increase). */
  amountCents: number;
  /** A decrease the gateway cannot schedule: the caller keeps it for the cycle turn. */
  deferred: boolean;
  /** An increase whose charge waits for 3-D Secure. */
  payment: NonNullable<PayResponse['payment']> | null;
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 48);
}
