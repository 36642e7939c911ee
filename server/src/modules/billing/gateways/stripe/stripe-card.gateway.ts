import Stripe from 'stripe';
import { billingMessages } from '@animata/contracts';
import type { Clock } from '../../../../common/clock.js';
import { systemClock } from '../../../../common/clock.js';
import {
  PaymentDeclinedError,
  type CardGateway,
  type ChangeSubscriptionInput,
  type CostPreview,
  type CreateSubscriptionInput,
  type FoundSubscription,
  type InvoiceSnapshot,
  type PaymentAction,
  type SubscriptionResult,
  type SubscriptionSnapshot,
  PreviewChangeInput,
} from '../gateway.port.js';
import { GatewayErrorCode, GatewayException } from '../gateway.exception.js';
import { stripeCall } from './stripe-errors.js';
import {
  cardOf,
  idOf,
  invoiceSnapshotOf,
  isSeatsPlan,
  META,
  paymentIntentIdOf,
  seatsPlanFor,
  snapshotOf,
  StripePriceMap,
  subscriptionIdOfInvoice,
} from './stripe-mapping.js';

export interface StripeSettings {
  secretKey: string;
  /** Another API origin (a local server speaking Stripe's API); null for api.stripe.com. */
  apiUrl: string | null;
  /** Our plan id → Stripe price id, every plan including the team-slot ones. */
  prices: Readonly<Record<string, string>>;
  /** Charge attempts of a past-due invoice before Stripe gives up (its retry settings). */
  attemptLimit: number;
}

/** Builds the official SDK's client, pointed at STRIPE_API_URL when it is set. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Animata' },
  };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, config);
}

type ItemParam = Stripe.SubscriptionUpdateParams.Item;

const EXPAND_RESULT = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

/**
 * Cards through Stripe Billing with the official SDK (billing-teams-apps §7 card gateway).
 * A subscription has one item for the plan's price and, on team plans, one for the team-slot
 * price with `quantity` extra seats. Coupons are Stripe coupons whose id is our code. Upgrades
 * apply now with proration, paid at once (`always_invoice`, and `pending_if_incomplete` so an
 * unpaid upgrade changes nothing); changes at the period end go through a subscription schedule
 * whose next phase starts there. Every create carries an idempotency key.
 */
export class StripeCardGateway implements CardGateway {
  readonly name = 'stripe' as const;
  /** A subscription schedule makes the change at the period end. */
  readonly schedulesChanges = true;
  readonly prices: StripePriceMap;

  constructor(
    readonly settings: StripeSettings,
    readonly stripe: Stripe = createStripeClient(settings),
    private readonly clock: Clock = systemClock,
  ) {
    this.prices = new StripePriceMap(settings.prices);
  }

  async ensureCustomer(customer: {
    id: string;
    email: string;
    name: string;
    customerRef: string | null;
  }): Promise<string> {
    if (customer.customerRef) return customer.customerRef;
    const created = await stripeCall(() =>
      this.stripe.customers.create(
        {
          email: customer.email,
          name: customer.name,
          metadata: { [META.customerId]: customer.id },
        },
        { idempotencyKey: `customer-${customer.id}` },
      ),
    );
    return created.id;
  }

  async attachCard(customerRef: string, source: string): Promise<{ brand: string; last4: string }> {
    const method = await stripeCall(() =>
      this.stripe.paymentMethods.attach(source, { customer: customerRef }),
    );
    await stripeCall(() =>
      this.stripe.customers.update(customerRef, {
        invoice_settings: { default_payment_method: method.id },
      }),
    );
    const card = cardOf(method);
    if (card?.type !== 'card') {
      throw new GatewayException(GatewayErrorCode.Refused, `${method.id} is not a card`);
    }
    return { brand: card.brand, last4: card.last4 };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionResult> {
    // The card attachCard made the customer's default: the payment method id to use may be
    // a new one (test tokens such as pm_card_visa become a pm_… of the customer's).
    const method = await this.defaultMethodOf(input.customerRef);
    const methodId = method?.id ?? input.paymentMethodRef;
    const subscription = await stripeCall(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerRef,
          items: this.itemsFor(input.planId, input.extraSlots),
          default_payment_method: methodId,
          payment_behavior: 'allow_incomplete',
          ...(input.couponCode ? { discounts: [{ coupon: input.couponCode }] } : {}),
          metadata: { [META.coupon]: input.couponCode ?? '', [META.payment]: input.idempotencyKey },
          expand: EXPAND_RESULT,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const outcome = await this.paymentOutcome(subscription);
    if (outcome.declined !== null) {
      // A first payment that failed leaves nothing behind: no incomplete subscription.
      await stripeCall(() => this.stripe.subscriptions.cancel(subscription.id));
      throw new PaymentDeclinedError(outcome.declined);
    }
    return {
      subscription: this.snapshot(subscription, cardOf(method)),
      action: outcome.action,
      invoice: outcome.invoice,
    };
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<SubscriptionResult> {
    const current = await this.retrieve(input.externalId);
    if (input.when === 'period-end') return this.changeAtPeriodEnd(current, input);

    await this.releaseSchedule(current);
    // As in createSubscription: the card attachCard just made the customer's default.
    const customerRef = idOf(current.customer);
    const newMethod =
      input.paymentMethodRef === undefined || customerRef === null
        ? input.paymentMethodRef
        : ((await this.defaultMethodOf(customerRef))?.id ?? input.paymentMethodRef);
    if (current.metadata[META.scheduledPlan]) {
      await stripeCall(() =>
        this.stripe.subscriptions.update(current.id, {
          metadata: { [META.scheduledPlan]: '', [META.nextCycleSlots]: '' },
        }),
      );
    }
    const updated = await stripeCall(() =>
      this.stripe.subscriptions.update(
        current.id,
        {
          items: this.itemChanges(current, input.planId, input.extraSlots),
          ...(newMethod !== undefined ? { default_payment_method: newMethod } : {}),
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
          expand: EXPAND_RESULT,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const outcome = await this.paymentOutcome(updated);
    if (outcome.declined !== null) throw new PaymentDeclinedError(outcome.declined);
    // A paid upgrade renews again, as in the sandbox (decision 79). Not in the same update:
    // `pending_if_incomplete` takes no `cancel_at_period_end`.
    const renewing =
      updated.cancel_at_period_end && outcome.action === null
        ? await stripeCall(() =>
            this.stripe.subscriptions.update(
              current.id,
              { cancel_at_period_end: false, expand: EXPAND_RESULT },
              { idempotencyKey: `${input.idempotencyKey}:renew` },
            ),
          )
        : updated;
    const method = await this.methodOf(renewing);
    return {
      subscription: this.snapshot(renewing, method),
      action: outcome.action,
      invoice: outcome.invoice,
    };
  }

  async previewChange(input: PreviewChangeInput): Promise<CostPreview> {
    const now = this.nowSeconds();
    let params: Stripe.InvoiceCreatePreviewParams;
    if (input.externalId === null) {
      params = {
        customer: input.customerRef,
        subscription_details: { items: this.itemsFor(input.planId, input.extraSlots) },
        ...(input.couponCode ? { discounts: [{ coupon: input.couponCode }] } : {}),
      };
    } else {
      const current = await this.retrieve(input.externalId);
      params = {
        customer: input.customerRef,
        subscription: current.id,
        subscription_details: {
          items: this.itemChanges(current, input.planId, input.extraSlots),
          proration_behavior: 'always_invoice',
          proration_date: now,
        },
      };
    }
    const preview = await stripeCall(() => this.stripe.invoices.createPreview(params));
    const ends = preview.lines.data.map((line) => line.period.end);
    return {
      amountCents: preview.amount_due,
      amountOriginalCents: Math.max(preview.subtotal, preview.amount_due),
      periodEnd: new Date((ends.length ? Math.max(...ends) : preview.period_end) * 1000),
    };
  }

  async cancelAtPeriodEnd(externalId: string): Promise<SubscriptionSnapshot> {
    const current = await this.retrieve(externalId);
    await this.releaseSchedule(current);
    const updated = await stripeCall(() =>
      this.stripe.subscriptions.update(current.id, {
        cancel_at_period_end: true,
        metadata: { [META.scheduledPlan]: '', [META.nextCycleSlots]: '' },
      }),
    );
    return this.snapshot(updated, await this.methodOf(updated));
  }

  async resumeSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    const current = await this.retrieve(externalId);
    const updated = await stripeCall(() =>
      this.stripe.subscriptions.update(current.id, { cancel_at_period_end: false }),
    );
    return this.snapshot(updated, await this.methodOf(updated));
  }

  async retrieveSubscription(externalId: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.retrieve(externalId);
    return this.snapshot(subscription, await this.methodOf(subscription));
  }

  async liveSubscriptions(
    customerRef: string,
    idempotencyKey: string,
  ): Promise<FoundSubscription[]> {
    const list = await stripeCall(() =>
      this.stripe.subscriptions.list({
        customer: customerRef,
        status: 'all',
        limit: 100,
        expand: ['data.latest_invoice.payments', 'data.default_payment_method'],
      }),
    );
    const live = list.data
      .filter((s) => s.status === 'active' || s.status === 'past_due' || s.status === 'trialing')
      .sort((a, b) => a.created - b.created);
    const found: FoundSubscription[] = [];
    for (const subscription of live) {
      const invoice = subscription.latest_invoice;
      const paid =
        invoice &&
        typeof invoice === 'object' &&
        invoice.status === 'paid' &&
        invoice.amount_paid > 0
          ? invoiceSnapshotOf(invoice, this.prices)
          : null;
      found.push({
        subscription: this.snapshot(subscription, await this.methodOf(subscription)),
        invoice: paid,
        madeByKey: subscription.metadata[META.payment] === idempotencyKey,
      });
    }
    return found;
  }

  async cancelAndRefund(externalId: string): Promise<void> {
    const subscription = await this.retrieve(externalId);
    if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
      await stripeCall(() => this.stripe.subscriptions.cancel(externalId));
    const invoices = await stripeCall(() =>
      this.stripe.invoices.list({
        subscription: externalId,
        status: 'paid',
        limit: 100,
        expand: ['data.payments'],
      }),
    );
    for (const invoice of invoices.data) {
      const intent = paymentIntentIdOf(invoice);
      if (intent === null || invoice.amount_paid <= 0) continue;
      // The key makes a second run of the same reconciliation refund nothing twice.
      await stripeCall(() =>
        this.stripe.refunds.create(
          { payment_intent: intent },
          { idempotencyKey: `refund-${invoice.id}` },
        ),
      );
    }
  }

  async removePaymentMethod(customerRef: string): Promise<void> {
    const methods = await stripeCall(() =>
      this.stripe.customers.listPaymentMethods(customerRef, { limit: 100 }),
    );
    await stripeCall(() =>
      this.stripe.customers.update(customerRef, {
        invoice_settings: { default_payment_method: '' },
      }),
    );
    for (const method of methods.data) {
      await stripeCall(() => this.stripe.paymentMethods.detach(method.id));
    }
  }

  async retrievePayment(paymentIntentId: string): Promise<{
    status: 'succeeded' | 'requires_action' | 'failed';
    subscriptionExternalId: string | null;
    error: string | null;
  }> {
    const intent = await stripeCall(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
    const payments = await stripeCall(() =>
      this.stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: intent.id },
        expand: ['data.invoice'],
        limit: 1,
      }),
    );
    const invoice = payments.data[0]?.invoice;
    const subscriptionExternalId =
      invoice && typeof invoice === 'object' && !('deleted' in invoice && invoice.deleted)
        ? subscriptionIdOfInvoice(invoice as Stripe.Invoice)
        : null;
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', subscriptionExternalId, error: null };
      case 'requires_action':
      case 'requires_confirmation':
      case 'processing':
        return { status: 'requires_action', subscriptionExternalId, error: null };
      default:
        return {
          status: 'failed',
          subscriptionExternalId,
          // No error of the card's own: say what became of the payment (the service has a
          // general text for the rest).
          error:
            intent.last_payment_error?.message ??
            (intent.status === 'canceled' ? billingMessages.paymentCanceled : null),
        };
    }
  }

  /** A snapshot of a subscription as an answer of ours just saw it. */
  snapshot(
    subscription: Stripe.Subscription,
    paymentMethod: SubscriptionSnapshot['paymentMethod'],
  ): SubscriptionSnapshot {
    // Stripe's events carry whole seconds: a state seen now is at least as new as this second.
    const stateAt = new Date(this.nowSeconds() * 1000);
    return snapshotOf(subscription, {
      prices: this.prices,
      attemptLimit: this.settings.attemptLimit,
      stateAt,
      paymentMethod,
    });
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private retrieve(externalId: string): Promise<Stripe.Subscription> {
    return stripeCall(() => this.stripe.subscriptions.retrieve(externalId));
  }

  private async defaultMethodOf(customerRef: string): Promise<Stripe.PaymentMethod | null> {
    const customer = await stripeCall(() =>
      this.stripe.customers.retrieve(customerRef, {
        expand: ['invoice_settings.default_payment_method'],
      }),
    );
    if ('deleted' in customer && customer.deleted) return null;
    const method = (customer as Stripe.Customer).invoice_settings.default_payment_method;
    return method && typeof method === 'object' ? method : null;
  }

  /** The card a subscription charges: its own default, else its customer's. */
  async methodOf(
    subscription: Stripe.Subscription,
  ): Promise<SubscriptionSnapshot['paymentMethod']> {
    const own = subscription.default_payment_method;
    if (own && typeof own === 'object') return cardOf(own);
    if (typeof own === 'string') {
      try {
        return cardOf(await this.stripe.paymentMethods.retrieve(own));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    }
    const customer = idOf(subscription.customer);
    return customer ? cardOf(await this.defaultMethodOf(customer)) : null;
  }

  private itemsFor(planId: string, extraSlots: number): Array<{ price: string; quantity: number }> {
    const items = [{ price: this.prices.priceFor(planId), quantity: 1 }];
    const seats = seatsPlanFor(planId);
    if (seats !== null && extraSlots > 0) {
      items.push({ price: this.prices.priceFor(seats), quantity: extraSlots });
    }
    return items;
  }

  /** The item changes that turn `current` into planId with extraSlots seats. */
  private itemChanges(
    current: Stripe.Subscription,
    planId: string,
    extraSlots: number,
  ): ItemParam[] {
    const changes: ItemParam[] = [];
    const seatsPlan = seatsPlanFor(planId);
    const seatsPrice =
      seatsPlan !== null && extraSlots > 0 ? this.prices.priceFor(seatsPlan) : null;
    let seatsKept = false;
    for (const item of current.items.data) {
      const plan = this.prices.planFor(item.price.id);
      if (plan !== null && isSeatsPlan(plan)) {
        if (seatsPrice === item.price.id) {
          changes.push({ id: item.id, quantity: extraSlots });
          seatsKept = true;
        } else {
          changes.push({ id: item.id, deleted: true });
        }
      } else {
        changes.push({ id: item.id, price: this.prices.priceFor(planId), quantity: 1 });
      }
    }
    if (seatsPrice !== null && !seatsKept)
      changes.push({ price: seatsPrice, quantity: extraSlots });
    return changes;
  }

  private async changeAtPeriodEnd(
    current: Stripe.Subscription,
    input: ChangeSubscriptionInput,
  ): Promise<SubscriptionResult> {
    const scheduleId = idOf(current.schedule);
    const schedule = scheduleId
      ? await stripeCall(() => this.stripe.subscriptionSchedules.retrieve(scheduleId))
      : await stripeCall(() =>
          this.stripe.subscriptionSchedules.create(
            { from_subscription: current.id },
            { idempotencyKey: `${input.idempotencyKey}-schedule` },
          ),
        );
    const phase = schedule.current_phase;
    const end = Math.max(...current.items.data.map((item) => item.current_period_end));
    await stripeCall(() =>
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: current.items.data.map((item) => ({
              price: item.price.id,
              quantity: item.quantity ?? 1,
            })),
            start_date: phase?.start_date ?? current.start_date,
            end_date: end,
          },
          {
            items: this.itemsFor(input.planId, input.extraSlots),
            start_date: end,
            metadata: { [META.scheduledPlan]: '', [META.nextCycleSlots]: '' },
          },
        ],
      }),
    );
    const updated = await stripeCall(() =>
      this.stripe.subscriptions.update(current.id, {
        metadata: {
          [META.scheduledPlan]: input.planId,
          [META.nextCycleSlots]: String(input.extraSlots),
        },
      }),
    );
    return {
      subscription: this.snapshot(updated, await this.methodOf(updated)),
      action: null,
      invoice: null,
    };
  }

  private async releaseSchedule(subscription: Stripe.Subscription): Promise<void> {
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId === null) return;
    await stripeCall(() => this.stripe.subscriptionSchedules.release(scheduleId));
  }

  /** What became of the payment a create or an upgrade made: paid, waiting for 3-D Secure, or refused. */
  private async paymentOutcome(subscription: Stripe.Subscription): Promise<{
    invoice: InvoiceSnapshot | null;
    action: PaymentAction | null;
    declined: string | null;
  }> {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string')
      return { invoice: null, action: null, declined: null };
    const pending = subscription.status === 'incomplete' || subscription.pending_update !== null;
    if (!pending) {
      const paid = invoice.status === 'paid' && invoice.amount_paid > 0;
      return {
        invoice: paid ? invoiceSnapshotOf(invoice, this.prices) : null,
        action: null,
        declined: null,
      };
    }
    const intentId = paymentIntentIdOf(invoice);
    if (intentId === null) {
      return { invoice: null, action: null, declined: billingMessages.declined };
    }
    const intent = await stripeCall(() => this.stripe.paymentIntents.retrieve(intentId));
    if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
      const secret = invoice.confirmation_secret?.client_secret ?? intent.client_secret;
      if (!secret)
        throw new GatewayException(
          GatewayErrorCode.Unavailable,
          `${intentId} has no client secret`,
        );
      return {
        invoice: null,
        action: { paymentIntentId: intent.id, clientSecret: secret },
        declined: null,
      };
    }
    if (intent.status === 'succeeded') {
      return { invoice: invoiceSnapshotOf(invoice, this.prices), action: null, declined: null };
    }
    return {
      invoice: null,
      action: null,
      declined: intent.last_payment_error?.message ?? billingMessages.declined,
    };
  }
}

/** The gateway's settings from the configuration's Stripe section. */
export function stripeSettingsFrom(config: {
  secretKey: string;
  apiUrl: string | null;
  priceIds: Record<string, string>;
  attemptLimit: number;
}): StripeSettings {
  return {
    secretKey: config.secretKey,
    apiUrl: config.apiUrl,
    prices: config.priceIds,
    attemptLimit: config.attemptLimit,
  };
}
