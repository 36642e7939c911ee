import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Speaks the parts of Braintree's gateway API that BraintreeWalletGateway calls, as the official
 * `braintree` SDK expects them: JSON bodies with underscored keys in, XML out (dasherized tags,
 * `type="array"`, `type="integer"`, `nil="true"`), 422 with an `<api-error-response>` for
 * validation failures, 404 for unknown objects, Basic authentication with the key pair.
 * Braintree's documented test nonces behave as in its sandbox:
 * - `fake-paypal-billing-agreement-nonce`: vaults a PayPal account (payer@example.com);
 * - `fake-paypal-one-time-nonce`: cannot be vaulted (82902);
 * every other nonce is unknown (91565).
 */

type Json = Record<string, unknown>;

interface PlanRow {
  id: string;
  price: number;
  billingFrequency: number;
}
interface SubscriptionRow {
  id: string;
  planId: string;
  price: number;
  status: 'Active' | 'Canceled' | 'Expired' | 'Past Due' | 'Pending';
  paymentMethodToken: string;
  addOns: Array<{ id: string; quantity: number; amount: number }>;
  discounts: Array<{ id: string; amount: number }>;
  periodStart: Date;
  periodEnd: Date;
  currentBillingCycle: number;
  numberOfBillingCycles: number | null;
  neverExpires: boolean;
  failureCount: number;
  transactions: Array<{
    id: string;
    status: string;
    amount: number;
    createdAt: Date;
    /** A full period's charge carries the subscription's add-ons and discounts, as Braintree's do. */
    addOns: Array<{ id: string; quantity: number; amount: number }>;
    discounts: Array<{ id: string; amount: number }>;
  }>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(body);
  }
}

function tagOf(key: string): string {
  return key.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Braintree's XML for a value: the shape `Util.convertNodeToObject` reads back. */
export function toXml(key: string, value: unknown): string {
  const tag = tagOf(key);
  if (value === null || value === undefined) return `<${tag} nil="true"/>`;
  if (Array.isArray(value)) {
    return `<${tag} type="array">${value.map((item) => toXml('item', item)).join('')}</${tag}>`;
  }
  if (value instanceof Date) return `<${tag} type="datetime">${value.toISOString()}</${tag}>`;
  if (typeof value === 'object') {
    return `<${tag}>${Object.entries(value as Json)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${tag}>`;
  }
  if (typeof value === 'number' && Number.isInteger(value)) {
    return `<${tag} type="integer">${value}</${tag}>`;
  }
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  return `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

const money = (amount: number) => amount.toFixed(2);
const day = (date: Date) => date.toISOString().slice(0, 10);

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export class BraintreeServer {
  private server: Server | null = null;
  readonly customers = new Map<string, { id: string; email: string; firstName: string }>();
  readonly paymentMethods = new Map<
    string,
    { token: string; email: string; customerId: string; isDefault: boolean }
  >();
  readonly subscriptions = new Map<string, SubscriptionRow>();
  private readonly plans = new Map<string, PlanRow>();
  readonly requests: Array<{ method: string; path: string }> = [];
  /** Refunds of subscription charges: the refund's id and the charge it refunds. */
  readonly refunds: Array<{ id: string; refundedTransactionId: string; amount: number }> = [];
  /**
   * Called once a request has run, before its answer is sent: a test may kill its client right
   * then (the gateway did the work; the caller never hears of it). The answer waits for it.
   */
  beforeAnswer:
    ((request: { method: string; path: string; status: number }) => Promise<void>) | null = null;
  private clockOffsetMs = 0;

  constructor(
    readonly keys: { merchantId: string; publicKey: string; privateKey: string },
    plans: PlanRow[],
  ) {
    for (const plan of plans) this.plans.set(plan.id, plan);
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** Moves this server's clock on (milliseconds). */
  advance(ms: number): void {
    this.clockOffsetMs += ms;
  }

  clockOffset(): number {
    return this.clockOffsetMs;
  }

  private now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    this.requests.push({ method, path });
    try {
      const expected = `Basic ${Buffer.from(`${this.keys.publicKey}:${this.keys.privateKey}`).toString('base64')}`;
      if (request.headers.authorization !== expected) throw new ApiError(401, '');
      const body = text ? (JSON.parse(text) as Json) : {};
      const xml = this.route(method, path, body);
      await this.beforeAnswer?.({ method, path, status: method === 'POST' ? 201 : 200 });
      response.writeHead(method === 'POST' ? 201 : 200, {
        'content-type': 'application/xml; charset=utf-8',
      });
      // An empty answer (a delete) is a blank body, as Braintree sends it.
      response.end(xml ? `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` : ' ');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response.writeHead(error.status, { 'content-type': 'application/xml; charset=utf-8' });
      response.end(error.body ? `<?xml version="1.0" encoding="UTF-8"?>\n${error.body}` : ' ');
    }
  }

  private route(method: string, path: string, body: Json): string {
    const prefix = `/merchants/${this.keys.merchantId}/`;
    if (!path.startsWith(prefix)) throw new ApiError(404, '');
    const parts = path.slice(prefix.length).split('/');
    const [resource, first, second] = parts;
    const call = `${method} ${resource}${first ? '/:a' : ''}${second ? '/:b' : ''}`;
    switch (call) {
      case 'POST customers':
        return toXml('customer', this.customerJson(this.createCustomer(body.customer as Json)));
      case 'GET customers/:a':
        return toXml('customer', this.customerJson(this.customer(first!)));
      case 'POST payment_methods':
        return toXml(
          'paypal_account',
          this.paymentMethodJson(this.vault(body.payment_method as Json)),
        );
      case 'GET payment_methods/:a/:b':
        return toXml('paypal_account', this.paymentMethodJson(this.paymentMethod(second!)));
      case 'DELETE payment_methods/:a/:b': {
        this.paymentMethod(second!);
        this.paymentMethods.delete(second!);
        return '';
      }
      case 'POST subscriptions':
        return toXml(
          'subscription',
          this.subscriptionJson(this.createSubscription(body.subscription as Json)),
        );
      case 'GET subscriptions/:a':
        return toXml('subscription', this.subscriptionJson(this.subscription(first!)));
      case 'PUT subscriptions/:a':
        return toXml(
          'subscription',
          this.subscriptionJson(this.updateSubscription(first!, body.subscription as Json)),
        );
      case 'PUT subscriptions/:a/:b': {
        if (second !== 'cancel') throw new ApiError(404, '');
        const row = this.subscription(first!);
        row.status = 'Canceled';
        return toXml('subscription', this.subscriptionJson(row));
      }
      case 'POST transactions/:a/:b': {
        if (second !== 'refund') throw new ApiError(404, '');
        return toXml('transaction', this.refund(first!));
      }
      case 'GET plans':
        return toXml(
          'plans',
          [...this.plans.values()].map((plan) => ({
            id: plan.id,
            name: plan.id,
            price: money(plan.price),
            billingFrequency: plan.billingFrequency,
            currencyIsoCode: 'USD',
            addOns: [],
            discounts: [],
          })),
        );
      case 'POST client_token':
        return toXml('client_token', {
          value: Buffer.from(
            JSON.stringify({
              version: 2,
              merchantId: this.keys.merchantId,
              authorizationFingerprint: randomBytes(16).toString('hex'),
            }),
          ).toString('base64'),
        });
      default:
        throw new ApiError(404, '');
    }
  }

  private validation(code: string, message: string, attribute: string, extra: Json = {}): ApiError {
    return new ApiError(
      422,
      toXml('api_error_response', {
        errors: { errors: [{ code, attribute, message }] },
        message,
        params: {},
        ...extra,
      }),
    );
  }

  private customer(id: string) {
    const row = this.customers.get(id);
    if (!row) throw new ApiError(404, '');
    return row;
  }
  private paymentMethod(token: string) {
    const row = this.paymentMethods.get(token);
    if (!row) throw new ApiError(404, '');
    return row;
  }
  private subscription(id: string): SubscriptionRow {
    const row = this.subscriptions.get(id);
    if (!row) throw new ApiError(404, '');
    return row;
  }

  private createCustomer(input: Json) {
    const id = String(input.id ?? randomBytes(6).toString('hex'));
    if (this.customers.has(id))
      throw this.validation('91609', 'Customer ID has already been taken.', 'id');
    const row = { id, email: String(input.email ?? ''), firstName: String(input.first_name ?? '') };
    this.customers.set(id, row);
    return row;
  }

  private vault(input: Json) {
    const customerId = String(input.customer_id ?? '');
    if (!this.customers.has(customerId))
      throw this.validation('91511', 'Customer does not exist.', 'customer_id');
    const nonce = String(input.payment_method_nonce ?? '');
    if (nonce === 'fake-paypal-one-time-nonce') {
      throw this.validation('82902', 'Cannot vault one-time-use PayPal account.', 'base');
    }
    if (nonce !== 'fake-paypal-billing-agreement-nonce') {
      throw this.validation(
        '91565',
        'Unknown or expired payment_method_nonce.',
        'payment_method_nonce',
      );
    }
    const makeDefault = (input.options as Json | undefined)?.make_default === true;
    if (makeDefault) {
      for (const method of this.paymentMethods.values()) {
        if (method.customerId === customerId) method.isDefault = false;
      }
    }
    const row = {
      token: `pp_${randomBytes(5).toString('hex')}`,
      email: 'payer@example.com',
      customerId,
      isDefault: makeDefault,
    };
    this.paymentMethods.set(row.token, row);
    return row;
  }

  private addOnAmount(id: string): number {
    return this.plans.get(id)?.price ?? 0;
  }

  private charge(row: SubscriptionRow, amount: number): void {
    const fullPeriod = Math.abs(amount - this.periodAmount(row)) < 0.005;
    row.transactions.unshift({
      id: `tx_${randomBytes(5).toString('hex')}`,
      status: 'submitted_for_settlement',
      amount: Math.max(0, Math.round(amount * 100) / 100),
      createdAt: this.now(),
      addOns: fullPeriod ? row.addOns.map((addOn) => ({ ...addOn })) : [],
      discounts: fullPeriod ? row.discounts.map((discount) => ({ ...discount })) : [],
    });
  }

  private periodAmount(row: SubscriptionRow): number {
    return (
      row.price +
      row.addOns.reduce((sum, addOn) => sum + addOn.amount * addOn.quantity, 0) -
      row.discounts.reduce((sum, discount) => sum + discount.amount, 0)
    );
  }

  private createSubscription(input: Json): SubscriptionRow {
    const id = String(input.id ?? randomBytes(5).toString('hex'));
    if (this.subscriptions.has(id))
      throw this.validation('81902', 'ID has already been taken.', 'id');
    const plan = this.plans.get(String(input.plan_id ?? ''));
    if (!plan) throw this.validation('91904', 'Plan ID is invalid.', 'plan_id');
    const token = String(input.payment_method_token ?? '');
    if (!this.paymentMethods.has(token)) {
      throw this.validation('91903', 'Payment method token is invalid.', 'payment_method_token');
    }
    const start = this.now();
    const row: SubscriptionRow = {
      id,
      planId: plan.id,
      price: plan.price,
      status: 'Active',
      paymentMethodToken: token,
      addOns: this.addOnChanges([], input.add_ons as Json | undefined),
      discounts: (((input.discounts as Json | undefined)?.add as Json[] | undefined) ?? []).map(
        (d) => ({
          id: String(d.inherited_from_id),
          amount: Number(d.amount ?? 5),
        }),
      ),
      periodStart: start,
      periodEnd: addMonths(start, plan.billingFrequency),
      currentBillingCycle: 1,
      numberOfBillingCycles: null,
      neverExpires: true,
      failureCount: 0,
      transactions: [],
    };
    this.charge(row, this.periodAmount(row));
    this.subscriptions.set(id, row);
    return row;
  }

  private addOnChanges(
    current: SubscriptionRow['addOns'],
    changes: Json | undefined,
  ): SubscriptionRow['addOns'] {
    let next = current.map((addOn) => ({ ...addOn }));
    const removed = (changes?.remove as string[] | undefined) ?? [];
    next = next.filter((addOn) => !removed.includes(addOn.id));
    for (const add of (changes?.add as Json[] | undefined) ?? []) {
      const id = String(add.inherited_from_id);
      if (!this.plans.has(id))
        throw this.validation('92002', 'Inherited From ID is invalid.', 'inherited_from_id');
      next.push({ id, quantity: Number(add.quantity ?? 1), amount: this.addOnAmount(id) });
    }
    return next;
  }

  private updateSubscription(id: string, input: Json): SubscriptionRow {
    const row = this.subscription(id);
    if (row.status === 'Canceled' || row.status === 'Expired') {
      throw this.validation('81901', 'Cannot edit a canceled subscription.', 'status');
    }
    const before = this.periodAmount(row);
    if (input.plan_id !== undefined) {
      const plan = this.plans.get(String(input.plan_id));
      if (!plan) throw this.validation('91904', 'Plan ID is invalid.', 'plan_id');
      if (plan.billingFrequency !== this.plans.get(row.planId)?.billingFrequency) {
        throw this.validation(
          '91922',
          'Cannot update subscription to a plan with a different billing frequency.',
          'plan_id',
        );
      }
      row.planId = plan.id;
      row.price = plan.price;
    }
    if (input.price !== undefined) row.price = Number(input.price);
    if (input.add_ons !== undefined)
      row.addOns = this.addOnChanges(row.addOns, input.add_ons as Json);
    if (input.never_expires !== undefined) row.neverExpires = input.never_expires === true;
    if (input.payment_method_token !== undefined)
      row.paymentMethodToken = String(input.payment_method_token);
    if (input.number_of_billing_cycles !== undefined) {
      row.numberOfBillingCycles = Number(input.number_of_billing_cycles);
      row.neverExpires = false;
    }
    const after = this.periodAmount(row);
    const options = (input.options as Json | undefined) ?? {};
    if (options.prorate_charges === true && after > before) {
      const now = this.now().getTime();
      const left =
        (row.periodEnd.getTime() - now) / (row.periodEnd.getTime() - row.periodStart.getTime());
      this.charge(row, (after - before) * Math.max(0, Math.min(1, left)));
    }
    return row;
  }

  /** The end of a subscription's cycle: it renews, or expires when its cycles ran out. */
  advanceToPeriodEnd(id: string): void {
    const row = this.subscription(id);
    this.clockOffsetMs += Math.max(0, row.periodEnd.getTime() - this.now().getTime()) + 1000;
    if (
      !row.neverExpires &&
      row.numberOfBillingCycles !== null &&
      row.currentBillingCycle >= row.numberOfBillingCycles
    ) {
      row.status = 'Expired';
      return;
    }
    row.periodStart = row.periodEnd;
    row.periodEnd = addMonths(row.periodStart, this.plans.get(row.planId)?.billingFrequency ?? 1);
    row.currentBillingCycle += 1;
    this.charge(row, this.periodAmount(row));
  }

  private customerJson(row: { id: string; email: string; firstName: string }): Json {
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      createdAt: this.now(),
      creditCards: [],
      paypalAccounts: [...this.paymentMethods.values()]
        .filter((method) => method.customerId === row.id)
        .map((method) => this.paymentMethodJson(method)),
    };
  }

  private paymentMethodJson(row: {
    token: string;
    email: string;
    customerId: string;
    isDefault: boolean;
  }): Json {
    return {
      token: row.token,
      email: row.email,
      customerId: row.customerId,
      default: row.isDefault,
      imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/paypal.png',
      subscriptions: [...this.subscriptions.values()]
        .filter((subscription) => subscription.paymentMethodToken === row.token)
        .map((subscription) => this.subscriptionJson(subscription)),
    };
  }

  /** Refunds a settled or settling charge in full, once (91512 for a second refund). */
  private refund(transactionId: string): Json {
    const charge = [...this.subscriptions.values()]
      .flatMap((subscription) => subscription.transactions)
      .find((tx) => tx.id === transactionId);
    if (!charge) throw new ApiError(404, '');
    if (this.refunds.some((refund) => refund.refundedTransactionId === transactionId)) {
      throw this.validation('91512', 'Transaction has already been completely refunded.', 'base');
    }
    const refund = {
      id: `tx_${randomBytes(5).toString('hex')}`,
      refundedTransactionId: transactionId,
      amount: charge.amount,
    };
    this.refunds.push(refund);
    return {
      id: refund.id,
      type: 'credit',
      status: 'submitted_for_settlement',
      amount: money(refund.amount),
      currencyIsoCode: 'USD',
      refundedTransactionId: transactionId,
      createdAt: this.now(),
      statusHistory: [],
      addOns: [],
      discounts: [],
    };
  }

  private subscriptionJson(row: SubscriptionRow): Json {
    const paidThrough = new Date(row.periodEnd.getTime() - 24 * 3600 * 1000);
    return {
      id: row.id,
      planId: row.planId,
      price: money(row.price),
      status: row.status,
      paymentMethodToken: row.paymentMethodToken,
      merchantAccountId: this.keys.merchantId,
      balance: '0.00',
      billingDayOfMonth: row.periodStart.getUTCDate(),
      billingPeriodStartDate: day(row.periodStart),
      billingPeriodEndDate: day(paidThrough),
      paidThroughDate: day(paidThrough),
      nextBillingDate: day(row.periodEnd),
      nextBillAmount: money(this.periodAmount(row)),
      nextBillingPeriodAmount: money(this.periodAmount(row)),
      currentBillingCycle: row.currentBillingCycle,
      numberOfBillingCycles: row.numberOfBillingCycles,
      neverExpires: row.neverExpires,
      failureCount: row.failureCount,
      daysPastDue: null,
      firstBillingDate: day(row.periodStart),
      createdAt: row.periodStart,
      updatedAt: this.now(),
      trialPeriod: false,
      addOns: row.addOns.map((addOn) => ({
        id: addOn.id,
        quantity: addOn.quantity,
        amount: money(addOn.amount),
        neverExpires: true,
      })),
      discounts: row.discounts.map((discount) => ({
        id: discount.id,
        quantity: 1,
        amount: money(discount.amount),
      })),
      transactions: row.transactions.map((tx) => ({
        id: tx.id,
        status: tx.status,
        type: 'sale',
        amount: money(tx.amount),
        currencyIsoCode: 'USD',
        createdAt: tx.createdAt,
        paypal: {},
        creditCard: {},
        customer: {},
        billing: {},
        shipping: {},
        statusHistory: [],
        planId: row.planId,
        subscriptionId: row.id,
        addOns: tx.addOns.map((addOn) => ({
          id: addOn.id,
          quantity: addOn.quantity,
          amount: money(addOn.amount),
        })),
        discounts: tx.discounts.map((discount) => ({
          id: discount.id,
          quantity: 1,
          amount: money(discount.amount),
        })),
      })),
      statusHistory: [],
      descriptor: { name: null, phone: null, url: null },
    };
  }
}
