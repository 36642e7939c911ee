import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { billingMessages } from '@animata/contracts';
import type braintree from 'braintree';
import type { Clock } from '../../../../common/clock.js';
import { systemClock } from '../../../../common/clock.js';
import {
  PaymentDeclinedError,
  type ChangeSubscriptionInput,
  type CostPreview,
  type CreateSubscriptionInput,
  type FoundSubscription,
  type GatewaySubscriptionStatus,
  type InvoiceSnapshot,
  type SubscriptionResult,
  type SubscriptionSnapshot,
  type WalletGateway,
  PreviewChangeInput,
} from '../gateway.port.js';
import { braintreeInvoiceOf } from './braintree-invoice.js';
import { GatewayErrorCode, GatewayException } from '../gateway.exception.js';

export interface BraintreeSettings {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production' | 'development' | 'qa';
  /** Another API origin (a local server speaking Braintree's protocol); null for the environment's. */
  apiUrl: string | null;
  /**
   * Our plan id → Braintree plan id; the team-slot ids are the add-on ids of the extra seat,
   * our coupon codes are Braintree discount ids.
   */
  planIds: Readonly<Record<string, string>>;
  attemptLimit: number;
}

/**
 * The SDK, loaded when a Braintree client is made (only with Braintree configured) rather than
 * at start: it is some 170 modules. It is CommonJS, so it loads synchronously.
 */
function loadBraintree(): typeof braintree {
  return createRequire(import.meta.url)('braintree') as typeof braintree;
}

export function createBraintreeClient(settings: BraintreeSettings): braintree.BraintreeGateway {
  const sdk = loadBraintree();
  const environments: Record<BraintreeSettings['environment'], braintree.Environment> = {
    sandbox: sdk.Environment.Sandbox,
    production: sdk.Environment.Production,
    development: sdk.Environment.Development,
    qa: sdk.Environment.Qa,
  };
  let environment = environments[settings.environment];
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    const ssl = url.protocol === 'https:';
    environment = new sdk.Environment(
      url.hostname,
      url.port || (ssl ? '443' : '80'),
      '',
      ssl,
      url.hostname,
      url.port || (ssl ? '443' : '80'),
    );
  }
  return new sdk.BraintreeGateway({
    environment,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
}

/** The parts of the SDK this adapter calls (the unit spec gives a stand-in of the same shape). */
export type BraintreeClient = Pick<
  braintree.BraintreeGateway,
  'customer' | 'paymentMethod' | 'subscription' | 'plan' | 'clientToken' | 'transaction'
>;

interface Payer {
  email: string | null;
  /** '' when unknown: the ledger then finds the row by the subscription's id. */
  customerRef: string;
}

const STATUS: Record<string, GatewaySubscriptionStatus> = {
  Active: 'active',
  'Past Due': 'past_due',
  Pending: 'incomplete',
  Canceled: 'expired',
  Expired: 'expired',
};

/** How long one generic client token is handed out (Braintree's last for 24 hours). */
export const CLIENT_TOKEN_REUSE_MS = 10 * 60 * 1000;

/** A Braintree subscription id from an idempotency key: a retried create finds the first one. */
export function subscriptionIdFor(idempotencyKey: string): string {
  return `an${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 30)}`;
}

function dateOf(value: string | undefined | null): Date | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function cents(amount: string | number | undefined): number {
  return Math.round(Number(amount ?? 0) * 100);
}

/**
 * PayPal through Braintree (billing-teams-apps §7 wallet gateway) with the official SDK. The
 * drop-in's nonce is vaulted as the customer's default; subscriptions use the Braintree plan
 * configured for our plan, extra seats are the team-slot add-on's quantity, coupons are
 * discounts whose id is our code. Upgrades prorate (`prorateCharges`). Braintree has no
 * schedules: a change at the period end is refused (GATEWAY_REFUSED); canceling lets the paid
 * cycles run out (`numberOfBillingCycles`), ending in subscription_expired.
 */
export class BraintreeWalletGateway implements WalletGateway {
  readonly name = 'braintree' as const;
  /** Braintree changes a plan now only (decision 75). */
  readonly schedulesChanges = false;
  private readonly planByBraintree: Map<string, string>;
  private planPrices: Map<string, { price: number; months: number }> | null = null;
  private cachedToken: { token: string; until: number } | null = null;

  constructor(
    private readonly settings: BraintreeSettings,
    private readonly client: BraintreeClient = createBraintreeClient(settings),
    private readonly clock: Clock = systemClock,
  ) {
    this.planByBraintree = new Map(
      Object.entries(settings.planIds).map(([plan, external]) => [external, plan]),
    );
  }

  /**
   * A generic client token (no customer in it) serves every visitor for a while: the pricing
   * call that hands it out is open to anyone, and must not turn each request into a call to
   * Braintree.
   */
  async clientToken(): Promise<string | null> {
    const now = this.clock.now().getTime();
    if (this.cachedToken && this.cachedToken.until > now) return this.cachedToken.token;
    const result = await this.call(() => this.client.clientToken.generate({}));
    this.cachedToken = { token: result.clientToken, until: now + CLIENT_TOKEN_REUSE_MS };
    return result.clientToken;
  }

  async ensureCustomer(customer: {
    id: string;
    email: string;
    name: string;
    customerRef: string | null;
  }): Promise<string> {
    if (customer.customerRef) return customer.customerRef;
    // Our customer id is the Braintree one: a retried create finds the first.
    const id = customer.id.replace(/-/g, '');
    try {
      return (await this.client.customer.find(id)).id;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'notFoundError') throw this.fold(error);
    }
    const result = await this.call(() =>
      this.client.customer.create({ id, email: customer.email, firstName: customer.name }),
    );
    return result.customer.id;
  }

  async vaultNonce(customerRef: string, nonce: string): Promise<{ token: string; email: string }> {
    const result = await this.call(
      () =>
        this.client.paymentMethod.create({
          customerId: customerRef,
          paymentMethodNonce: nonce,
          options: { makeDefault: true },
        }),
      true,
    );
    const method = result.paymentMethod as braintree.PaymentMethod & { email?: string };
    return { token: method.token, email: method.email ?? '' };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionResult> {
    const id = subscriptionIdFor(input.idempotencyKey);
    let subscription: braintree.Subscription;
    try {
      subscription = await this.client.subscription.find(id);
    } catch {
      const seats = this.seatsAddOn(input.planId, input.extraSlots);
      const result = await this.call(
        () =>
          this.client.subscription.create({
            id,
            paymentMethodToken: input.paymentMethodRef,
            planId: this.braintreePlan(input.planId),
            ...(seats ? { addOns: { add: [seats] } } : {}),
            ...(input.couponCode
              ? { discounts: { add: [{ inheritedFromId: input.couponCode }] } }
              : {}),
          }),
        true,
      );
      subscription = result.subscription;
    }
    const payer = await this.payerOf(subscription.paymentMethodToken);
    return {
      subscription: this.snapshot(subscription, payer, input.couponCode),
      action: null,
      invoice: this.invoiceOf(subscription),
    };
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<SubscriptionResult> {
    if (input.when === 'period-end') {
      throw new GatewayException(
        GatewayErrorCode.Refused,
        'Braintree cannot schedule a change for the period end',
      );
    }
    const current = await this.find(input.externalId);
    const price = (await this.prices()).get(this.braintreePlan(input.planId));
    const seats = this.seatsAddOn(input.planId, input.extraSlots);
    const existing = (current.addOns ?? []).map((addOn) => addOn.id);
    const result = await this.call(
      () =>
        this.client.subscription.update(current.id, {
          planId: this.braintreePlan(input.planId),
          ...(price ? { price: price.price.toFixed(2) } : {}),
          addOns: {
            ...(existing.length ? { remove: existing } : {}),
            ...(seats ? { add: [seats] } : {}),
          },
          // A new PayPal account for a canceled plan: charged from now on, and it renews
          // again (a paid upgrade does, decision 79; cancelAtPeriodEnd set a last cycle).
          ...(input.paymentMethodRef !== undefined
            ? { paymentMethodToken: input.paymentMethodRef, neverExpires: true }
            : {}),
          options: { prorateCharges: true, revertSubscriptionOnProrationFailure: true },
        }),
      true,
    );
    const payer = await this.payerOf(result.subscription.paymentMethodToken);
    return {
      subscription: this.snapshot(result.subscription, payer, null),
      action: null,
      invoice: this.invoiceOf(result.subscription, current),
    };
  }

  async previewChange(input: PreviewChangeInput): Promise<CostPreview> {
    const prices = await this.prices();
    const plan = prices.get(this.braintreePlan(input.planId));
    if (!plan) throw new GatewayException(GatewayErrorCode.NotFound, `no plan ${input.planId}`);
    const seatsPlan = this.seatsPlanOf(input.planId);
    const seatPrice = seatsPlan ? (prices.get(this.braintreePlan(seatsPlan))?.price ?? 0) : 0;
    const full = cents(plan.price + seatPrice * input.extraSlots);
    const now = this.clock.now();
    if (input.externalId === null) {
      const end = new Date(now);
      end.setUTCMonth(end.getUTCMonth() + plan.months);
      return { amountCents: full, amountOriginalCents: full, periodEnd: end };
    }
    // Braintree prorates by the days left in the cycle.
    const current = await this.find(input.externalId);
    const start = dateOf(current.billingPeriodStartDate) ?? now;
    const end = dateOf(current.billingPeriodEndDate) ?? now;
    const left = Math.max(
      0,
      Math.min(1, (end.getTime() - now.getTime()) / Math.max(1, end.getTime() - start.getTime())),
    );
    const paid =
      cents(current.price ?? 0) +
      (current.addOns ?? []).reduce((sum, a) => sum + cents(a.amount) * Number(a.quantity ?? 1), 0);
    const due = Math.max(0, Math.round((full - paid) * left));
    return { amountCents: due, amountOriginalCents: due, periodEnd: end };
  }

  async cancelAtPeriodEnd(externalId: string): Promise<SubscriptionSnapshot> {
    const current = await this.find(externalId);
    const result = await this.call(() =>
      this.client.subscription.update(current.id, {
        neverExpires: false,
        numberOfBillingCycles: Math.max(1, current.currentBillingCycle),
      }),
    );
    const payer = await this.payerOf(result.subscription.paymentMethodToken);
    return {
      ...this.snapshot(result.subscription, payer, null),
      status: 'canceled',
      cancelAtPeriodEnd: true,
    };
  }

  /**
   * The undo of cancelAtPeriodEnd, which gave the subscription a last billing cycle: it never
   * expires again, so it renews at the period end as before.
   */
  async resumeSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    const current = await this.find(externalId);
    const result = await this.call(() =>
      this.client.subscription.update(current.id, { neverExpires: true }),
    );
    const payer = await this.payerOf(result.subscription.paymentMethodToken);
    return this.snapshot(result.subscription, payer, null);
  }

  async retrieveSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.find(externalId);
    return this.snapshot(subscription, await this.payerOf(subscription.paymentMethodToken), null);
  }

  /**
   * Braintree lists a customer's subscriptions under each vaulted PayPal account; each is read
   * again on its own for its whole state. The create of a key made the subscription whose id
   * the key gives (subscriptionIdFor).
   */
  async liveSubscriptions(
    customerRef: string,
    idempotencyKey: string,
  ): Promise<FoundSubscription[]> {
    let customer: braintree.Customer;
    try {
      customer = await this.client.customer.find(customerRef);
    } catch (error) {
      if (error instanceof Error && error.name === 'notFoundError') return [];
      throw this.fold(error);
    }
    // Each listed under the PayPal account it charges: that account is its payer.
    const listed = (customer.paymentMethods ?? []).flatMap((method) => {
      const account = method as {
        email?: string;
        subscriptions?: Array<{ id: string; status: string }>;
      };
      const payer: Payer = { email: account.email ?? null, customerRef };
      return (account.subscriptions ?? []).map((listedOne) => ({ ...listedOne, payer }));
    });
    const mine = subscriptionIdFor(idempotencyKey);
    const found: Array<FoundSubscription & { createdAt: number }> = [];
    for (const { id, status, payer } of listed) {
      if (status !== 'Active' && status !== 'Past Due') continue;
      const subscription = await this.find(id);
      found.push({
        subscription: this.snapshot(subscription, payer, null),
        invoice: this.invoiceOf(subscription),
        madeByKey: subscription.id === mine,
        createdAt: new Date(String(subscription.createdAt ?? '')).getTime() || 0,
      });
    }
    return found
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(({ createdAt: _createdAt, ...rest }) => rest);
  }

  async cancelAndRefund(externalId: string): Promise<void> {
    const subscription = await this.find(externalId);
    if (subscription.status !== 'Canceled' && subscription.status !== 'Expired')
      await this.call(() => this.client.subscription.cancel(externalId));
    for (const charge of subscription.transactions ?? []) {
      if (
        !['submitted_for_settlement', 'settling', 'settled', 'authorized'].includes(
          String(charge.status),
        ) ||
        (charge.refundIds ?? []).length > 0
      )
        continue;
      try {
        await this.call(() => this.client.transaction.refund(charge.id));
      } catch (error) {
        // Refunded by an earlier run of the same reconciliation (91512): nothing is left to do.
        if (!(error instanceof GatewayException && /refunded/i.test(error.message))) throw error;
      }
    }
  }

  async removePaymentMethod(customerRef: string): Promise<void> {
    const customer = await this.call(() => this.client.customer.find(customerRef));
    for (const method of customer.paymentMethods ?? []) {
      await this.call(() => this.client.paymentMethod.delete(method.token));
    }
  }

  /** A Braintree subscription in our terms (exported for the webhooks and the unit spec). */
  snapshot(
    subscription: braintree.Subscription,
    payer: Payer,
    couponCode: string | null,
  ): SubscriptionSnapshot {
    const planId = this.planByBraintree.get(subscription.planId);
    if (!planId) {
      throw new GatewayException(
        GatewayErrorCode.Refused,
        `unknown Braintree plan ${subscription.planId}`,
      );
    }
    const status = STATUS[subscription.status] ?? 'expired';
    const ending =
      subscription.neverExpires === false &&
      status === 'active' &&
      subscription.numberOfBillingCycles !== undefined &&
      subscription.numberOfBillingCycles <= subscription.currentBillingCycle;
    const seatsPlan = this.seatsPlanOf(planId);
    const seatsAddOn = seatsPlan ? this.settings.planIds[seatsPlan] : undefined;
    const extraSlots = (subscription.addOns ?? [])
      .filter((addOn) => addOn.id === seatsAddOn)
      .reduce((sum, addOn) => sum + Number(addOn.quantity ?? 0), 0);
    const now = new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
    const discount = (subscription.discounts ?? [])[0]?.id ?? couponCode;
    return {
      gateway: 'braintree',
      externalId: subscription.id,
      // Braintree's subscription names no customer; its PayPal account does.
      customerRef: payer.customerRef,
      planId,
      status: ending ? 'canceled' : status,
      currentPeriodEnd:
        dateOf(subscription.paidThroughDate) ?? dateOf(subscription.billingPeriodEndDate),
      cancelAtPeriodEnd: ending,
      extraSlots,
      nextCycleSlots: null,
      scheduledPlanId: null,
      couponCode: discount ?? null,
      paymentMethod: payer.email !== null ? { type: 'paypal', email: payer.email } : null,
      pastDue:
        status === 'past_due'
          ? {
              since: dateOf(subscription.billingPeriodStartDate) ?? now,
              attemptCount: Math.max(1, Number(subscription.failureCount ?? 1)),
              attemptLimit: this.settings.attemptLimit,
            }
          : null,
      stateAt: now,
    };
  }

  private invoiceOf(
    subscription: braintree.Subscription,
    before?: braintree.Subscription,
  ): InvoiceSnapshot | null {
    const known = new Set((before?.transactions ?? []).map((t) => t.id));
    const charge = (subscription.transactions ?? []).find(
      (t) =>
        !known.has(t.id) &&
        ['submitted_for_settlement', 'settling', 'settled', 'authorized'].includes(
          String(t.status),
        ),
    );
    if (!charge) return null;
    return braintreeInvoiceOf(
      subscription,
      charge,
      this.planByBraintree,
      dateOf(String(charge.createdAt ?? '')) ?? this.clock.now(),
    );
  }

  private seatsPlanOf(planId: string): string | null {
    const match = /^team-(monthly|quarterly|annual)$/.exec(planId);
    return match ? `team-slot-${match[1]}` : null;
  }

  private seatsAddOn(
    planId: string,
    extraSlots: number,
  ): { inheritedFromId: string; quantity: number } | null {
    const seatsPlan = this.seatsPlanOf(planId);
    if (!seatsPlan || extraSlots <= 0) return null;
    return { inheritedFromId: this.braintreePlan(seatsPlan), quantity: extraSlots };
  }

  private braintreePlan(planId: string): string {
    const external = this.settings.planIds[planId];
    if (!external) throw new Error(`No Braintree plan is configured for plan ${planId}.`);
    return external;
  }

  private async prices(): Promise<Map<string, { price: number; months: number }>> {
    if (this.planPrices === null) {
      const plans = await this.call(() => this.client.plan.all());
      const list = Array.isArray(plans)
        ? plans
        : ((plans as { plans?: braintree.Plan[] }).plans ?? []);
      this.planPrices = new Map(
        list.map((plan) => [
          plan.id,
          { price: Number(plan.price), months: Number(plan.billingFrequency) },
        ]),
      );
    }
    return this.planPrices;
  }

  private async find(externalId: string): Promise<braintree.Subscription> {
    return this.call(() => this.client.subscription.find(externalId));
  }

  /** The PayPal account a subscription charges: its e-mail and its customer. */
  private async payerOf(token: string | undefined): Promise<Payer> {
    if (!token) return { email: null, customerRef: '' };
    try {
      const method = (await this.client.paymentMethod.find(token)) as braintree.PaymentMethod & {
        email?: string;
      };
      return { email: method.email ?? null, customerRef: method.customerId ?? '' };
    } catch {
      return { email: null, customerRef: '' };
    }
  }

  /**
   * Runs one SDK call and folds Braintree's failures into ours, in one place: a refused
   * vault or charge is a declined payment with the wallet message (§8), other validation
   * failures are GATEWAY_REFUSED, a missing object GATEWAY_NOT_FOUND, and
   * network or server failures GATEWAY_UNAVAILABLE.
   */
  private async call<T>(work: () => Promise<T>, payment = false): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      throw this.fold(error);
    }
    const validated = result as unknown as {
      success?: boolean;
      message?: string;
      errors?: { deepErrors?: () => Array<{ code?: string }> };
    };
    if (validated && typeof validated === 'object' && validated.success === false) {
      if (payment) {
        // A PayPal account Braintree will not vault or charge: §8's wallet message, with
        // Braintree's error code for the log.
        const code = validated.errors?.deepErrors?.()[0]?.code ?? null;
        throw new PaymentDeclinedError(billingMessages.walletFailed, code);
      }
      throw new GatewayException(GatewayErrorCode.Refused, validated.message ?? 'refused');
    }
    return result;
  }

  private fold(error: unknown): Error {
    const name = error instanceof Error ? error.name : '';
    if (name === 'notFoundError')
      return new GatewayException(GatewayErrorCode.NotFound, String(error));
    return new GatewayException(
      GatewayErrorCode.Unavailable,
      error instanceof Error ? `${name}: ${error.message}` : String(error),
    );
  }
}

/** The adapter's settings from the configuration's Braintree section. */
export function braintreeSettingsFrom(
  config: Omit<BraintreeSettings, 'attemptLimit'>,
  attemptLimit = 4,
): BraintreeSettings {
  return { ...config, attemptLimit };
}
