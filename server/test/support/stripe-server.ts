import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Speaks the parts of Stripe's API that Animata uses, the way test mode does, so integration
 * tests drive the official `stripe` SDK unchanged (STRIPE_API_URL points it here). Bodies are
 * form-encoded the way Stripe decodes them (`items[0][price]=…`), errors have Stripe's JSON shape
 * (`type`, `code`, `decline_code`, `message`), an Idempotency-Key replays the first answer, and
 * the test payment methods behave like test mode:
 * - `pm_card_visa`: pays;
 * - `pm_card_threeDSecure2Required`: every payment waits for 3-D Secure (`confirmPayment()` plays
 *   the browser's part);
 * - `pm_card_chargeDeclined`: refused when attached, 'Your card was declined.' (generic_decline).
 * No test clocks: periods start now, and `advanceToPeriodEnd()` plays the renewal (or the end).
 * Every change is also recorded as the event Stripe would send (`events`).
 */

type Json = Record<string, unknown>;
type Form = { [key: string]: FormValue };
type FormValue = string | Form | FormValue[];

interface PriceRow {
  id: string;
  unitAmount: number;
  months: number;
}
interface CouponRow {
  id: string;
  percentOff: number | null;
  amountOff: number | null;
}
interface CustomerRow {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
  created: number;
}
type CardBehavior = 'pays' | 'authenticates' | 'declines';
interface PaymentMethodRow {
  id: string;
  brand: string;
  last4: string;
  behavior: CardBehavior;
  customer: string | null;
  created: number;
}
interface ItemRow {
  id: string;
  price: string;
  quantity: number;
}
interface SubscriptionRow {
  id: string;
  customer: string;
  items: ItemRow[];
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  coupon: string | null;
  latestInvoice: string | null;
  schedule: string | null;
  pendingUpdate: {
    items: ItemRow[];
    periodStart: number;
    periodEnd: number;
    expiresAt: number;
  } | null;
  created: number;
  startDate: number;
  endedAt: number | null;
}
interface InvoiceRow {
  id: string;
  customer: string;
  subscription: string | null;
  number: string;
  lines: Array<{
    price: string;
    quantity: number;
    amount: number;
    start: number;
    end: number;
    proration: boolean;
  }>;
  subtotal: number;
  discount: number;
  total: number;
  status: 'open' | 'paid' | 'void';
  paidAt: number | null;
  attemptCount: number;
  paymentIntent: string | null;
  billingReason: string;
  created: number;
}
interface PaymentIntentRow {
  id: string;
  amount: number;
  customer: string;
  paymentMethod: string | null;
  status: string;
  clientSecret: string;
  invoice: string;
  lastError: { code: string; decline_code: string; message: string } | null;
  created: number;
}
interface RefundRow {
  id: string;
  paymentIntent: string;
  amount: number;
  created: number;
}
interface ScheduleRow {
  id: string;
  subscription: string;
  customer: string;
  phases: Array<{
    items: Array<{ price: string; quantity: number }>;
    start: number;
    end: number | null;
    metadata: Record<string, string>;
  }>;
  endBehavior: string;
  status: 'active' | 'released' | 'completed';
  created: number;
}

export interface StripeEventRecord {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Json };
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const TEST_CARDS: Record<string, { brand: string; last4: string; behavior: CardBehavior }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behavior: 'pays' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behavior: 'pays' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3184', behavior: 'authenticates' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behavior: 'declines' },
};

const DECLINE = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/** Decodes Stripe's form encoding: `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }. */
export function decodeStripeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Form | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Form | FormValue[];
      }
    }
  }
  return root;
}

function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined);
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}
function obj(value: FormValue | undefined): Form {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

export interface StripeServerOptions {
  /** Stripe price id → cents per interval and the interval in months. */
  prices: Record<string, { unitAmount: number; months: number }>;
  coupons?: Array<{ id: string; percentOff?: number; amountOff?: number }>;
}

export class StripeServer {
  private server: Server | null = null;
  private offsetSeconds = 0;
  private counter = 0;
  private readonly prices = new Map<string, PriceRow>();
  private readonly coupons = new Map<string, CouponRow>();
  readonly customers = new Map<string, CustomerRow>();
  readonly paymentMethods = new Map<string, PaymentMethodRow>();
  readonly subscriptions = new Map<string, SubscriptionRow>();
  readonly invoices = new Map<string, InvoiceRow>();
  readonly paymentIntents = new Map<string, PaymentIntentRow>();
  readonly schedules = new Map<string, ScheduleRow>();
  readonly refunds = new Map<string, RefundRow>();
  /**
   * Called once a request has run, before its answer is sent: a test may kill its client right
   * then (the gateway did the work; the caller never hears of it). The answer waits for it.
   */
  beforeAnswer:
    ((request: { method: string; path: string; status: number }) => Promise<void>) | null = null;
  private readonly idempotent = new Map<
    string,
    { fingerprint: string; status: number; body: string }
  >();
  readonly events: StripeEventRecord[] = [];
  /** Every request: method, path and the Idempotency-Key it carried. */
  readonly requests: Array<{
    method: string;
    path: string;
    idempotencyKey: string | null;
    replayed: boolean;
  }> = [];

  constructor(options: StripeServerOptions) {
    for (const [id, price] of Object.entries(options.prices)) {
      this.prices.set(id, { id, ...price });
    }
    for (const coupon of options.coupons ?? []) {
      this.coupons.set(coupon.id, {
        id: coupon.id,
        percentOff: coupon.percentOff ?? null,
        amountOff: coupon.amountOff ?? null,
      });
    }
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

  /** Moves this server's clock (seconds). */
  advance(seconds: number): void {
    this.offsetSeconds += seconds;
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${randomBytes(8).toString('hex')}${this.counter}`;
  }

  // ---- HTTP -------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const method = request.method ?? 'GET';
    const text = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const send = (status: number, body: string, replayed = false) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': this.id('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(body);
    };
    const stored = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    const fingerprint = createHash('sha256')
      .update(`${method} ${url.pathname} ${text}`)
      .digest('hex');
    this.requests.push({ method, path: url.pathname, idempotencyKey, replayed: Boolean(stored) });
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        send(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          }),
        );
      } else send(stored.status, stored.body, true);
      return;
    }
    let status = 200;
    let body: string;
    try {
      const auth = request.headers.authorization ?? '';
      if (!/^Bearer sk_(test|live)_\S+$/.test(auth)) {
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        });
      }
      body = JSON.stringify(this.route(method, url.pathname, decodeStripeForm(text)));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    // Stripe stores the answer of a key unless the request failed before it ran (here: 5xx).
    if (idempotencyKey && method === 'POST' && status < 500) {
      this.idempotent.set(idempotencyKey, { fingerprint, status, body });
    }
    await this.beforeAnswer?.({ method, path: url.pathname, status });
    send(status, body);
  }

  private route(method: string, path: string, form: Form): Json {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw this.notFoundUrl(path);
    const [, resource, id, action] = parts;
    const expand = list(form.expand).map(String);
    const call =
      resource === 'invoices' && id === 'create_preview'
        ? `${method} invoices/create_preview`
        : `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (call) {
      case 'POST customers':
        return this.customerJson(this.createCustomer(form), expand);
      case 'GET customers/:id':
        return this.customerJson(this.customer(id!), expand);
      case 'POST customers/:id':
        return this.customerJson(this.updateCustomer(id!, form), expand);
      case 'GET customers/:id/payment_methods':
        return this.listJson(
          `/v1/customers/${id}/payment_methods`,
          [...this.paymentMethods.values()]
            .filter((pm) => pm.customer === this.customer(id!).id)
            .map((pm) => this.paymentMethodJson(pm)),
        );
      case 'GET payment_methods/:id':
        return this.paymentMethodJson(this.paymentMethod(id!));
      case 'POST payment_methods/:id/attach':
        return this.paymentMethodJson(this.attach(id!, str(form.customer) ?? ''));
      case 'POST payment_methods/:id/detach':
        return this.paymentMethodJson(this.detach(id!));
      case 'GET subscriptions': {
        // A list's expand names the items' fields under `data.`.
        const itemExpand = expand.map((path) => path.replace(/^data\./, ''));
        const customer = str(form.customer);
        const status = str(form.status);
        const rows = [...this.subscriptions.values()]
          .filter((row) => !customer || row.customer === customer)
          .filter((row) =>
            status === 'all'
              ? true
              : status
                ? row.status === status
                : row.status !== 'canceled' && row.status !== 'incomplete_expired',
          )
          .sort((a, b) => b.created - a.created);
        return this.listJson(
          '/v1/subscriptions',
          rows.map((row) => this.subscriptionJson(row, itemExpand)),
        );
      }
      case 'GET invoices': {
        const itemExpand = expand.map((path) => path.replace(/^data\./, ''));
        const customer = str(form.customer);
        const subscription = str(form.subscription);
        const status = str(form.status);
        const rows = [...this.invoices.values()]
          .filter((row) => !customer || row.customer === customer)
          .filter((row) => !subscription || row.subscription === subscription)
          .filter((row) => !status || row.status === status)
          .sort((a, b) => b.created - a.created);
        return this.listJson(
          '/v1/invoices',
          rows.map((row) => this.invoiceJson(row, itemExpand)),
        );
      }
      case 'POST refunds':
        return this.refundJson(this.refund(form));
      case 'GET coupons/:id':
        return this.couponJson(this.coupon(id!));
      case 'POST subscriptions':
        return this.subscriptionJson(this.createSubscription(form), expand);
      case 'GET subscriptions/:id':
        return this.subscriptionJson(this.subscription(id!), expand);
      case 'POST subscriptions/:id':
        return this.subscriptionJson(this.updateSubscription(id!, form), expand);
      case 'DELETE subscriptions/:id':
        return this.subscriptionJson(this.cancelSubscription(id!), expand);
      case 'POST subscription_schedules':
        return this.scheduleJson(this.createSchedule(form));
      case 'GET subscription_schedules/:id':
        return this.scheduleJson(this.schedule(id!));
      case 'POST subscription_schedules/:id':
        return this.scheduleJson(this.updateSchedule(id!, form));
      case 'POST subscription_schedules/:id/release':
        return this.scheduleJson(this.releaseSchedule(id!));
      case 'POST invoices/create_preview':
        return this.preview(form);
      case 'GET invoices/:id':
        return this.invoiceJson(this.invoice(id!), expand);
      case 'GET payment_intents/:id':
        return this.paymentIntentJson(this.paymentIntent(id!));
      case 'GET invoice_payments': {
        const wanted = str(obj(form.payment).payment_intent);
        const rows = [...this.invoices.values()].filter(
          (invoice) =>
            invoice.paymentIntent !== null && (!wanted || invoice.paymentIntent === wanted),
        );
        return this.listJson(
          '/v1/invoice_payments',
          rows.map((invoice) => this.invoicePaymentJson(invoice, expand.includes('data.invoice'))),
        );
      }
      default:
        throw this.notFoundUrl(path);
    }
  }

  private notFoundUrl(path: string): StripeApiError {
    return new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${path}).`,
    });
  }

  private missing(kind: string, id: string, param = 'id'): StripeApiError {
    return new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${id}'`,
    });
  }

  private invalid(message: string, param?: string): StripeApiError {
    return new StripeApiError(400, {
      type: 'invalid_request_error',
      message,
      ...(param ? { param } : {}),
    });
  }

  private emit(type: string, object: Json): void {
    this.events.push({
      id: this.id('evt'),
      object: 'event',
      type,
      created: this.now(),
      data: { object: JSON.parse(JSON.stringify(object)) as Json },
    });
  }

  // ---- lookups ----------------------------------------------------------------------------

  private customer(id: string): CustomerRow {
    const row = this.customers.get(id);
    if (!row) throw this.missing('customer', id);
    return row;
  }
  private paymentMethod(id: string): PaymentMethodRow {
    const row = this.paymentMethods.get(id);
    if (row) return row;
    const test = TEST_CARDS[id];
    if (test) return { id, ...test, customer: null, created: this.now() };
    throw this.missing('PaymentMethod', id);
  }
  private coupon(id: string): CouponRow {
    const row = this.coupons.get(id);
    if (!row) throw this.missing('coupon', id, 'coupon');
    return row;
  }
  private price(id: string): PriceRow {
    const row = this.prices.get(id);
    if (!row) throw this.missing('price', id, 'price');
    return row;
  }
  private subscription(id: string): SubscriptionRow {
    const row = this.subscriptions.get(id);
    if (!row) throw this.missing('subscription', id);
    return row;
  }
  private invoice(id: string): InvoiceRow {
    const row = this.invoices.get(id);
    if (!row) throw this.missing('invoice', id);
    return row;
  }
  private paymentIntent(id: string): PaymentIntentRow {
    const row = this.paymentIntents.get(id);
    if (!row) throw this.missing('payment_intent', id);
    return row;
  }
  private schedule(id: string): ScheduleRow {
    const row = this.schedules.get(id);
    if (!row) throw this.missing('subscription_schedule', id);
    return row;
  }

  // ---- customers and payment methods ------------------------------------------------------

  private createCustomer(form: Form): CustomerRow {
    const row: CustomerRow = {
      id: this.id('cus'),
      email: str(form.email) ?? null,
      name: str(form.name) ?? null,
      metadata: this.metadata({}, form.metadata),
      defaultPaymentMethod: null,
      created: this.now(),
    };
    this.customers.set(row.id, row);
    return row;
  }

  private updateCustomer(id: string, form: Form): CustomerRow {
    const row = this.customer(id);
    if (form.email !== undefined) row.email = str(form.email) || null;
    if (form.name !== undefined) row.name = str(form.name) || null;
    row.metadata = this.metadata(row.metadata, form.metadata);
    const settings = obj(form.invoice_settings);
    if (settings.default_payment_method !== undefined) {
      const method = str(settings.default_payment_method) ?? '';
      if (method !== '' && this.paymentMethod(method).customer !== row.id) {
        throw this.invalid(
          `No such PaymentMethod: '${method}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
          'invoice_settings[default_payment_method]',
        );
      }
      row.defaultPaymentMethod = method || null;
    }
    return row;
  }

  private attach(id: string, customerId: string): PaymentMethodRow {
    const customer = this.customer(customerId);
    const test = TEST_CARDS[id];
    if (test?.behavior === 'declines') throw new StripeApiError(402, { ...DECLINE, param: '' });
    if (test) {
      // A test token attaches as a new payment method of the customer's, as in test mode.
      const row: PaymentMethodRow = {
        id: this.id('pm'),
        ...test,
        customer: customer.id,
        created: this.now(),
      };
      this.paymentMethods.set(row.id, row);
      return row;
    }
    const row = this.paymentMethod(id);
    if (row.customer && row.customer !== customer.id) {
      throw this.invalid(
        'The payment method you provided has already been attached to a customer.',
      );
    }
    row.customer = customer.id;
    return row;
  }

  private detach(id: string): PaymentMethodRow {
    const row = this.paymentMethod(id);
    if (!row.customer) {
      throw this.invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    const customer = this.customers.get(row.customer);
    if (customer?.defaultPaymentMethod === row.id) customer.defaultPaymentMethod = null;
    row.customer = null;
    return row;
  }

  private metadata(
    current: Record<string, string>,
    update: FormValue | undefined,
  ): Record<string, string> {
    if (update === undefined) return current;
    if (update === '') return {};
    const next = { ...current };
    for (const [key, value] of Object.entries(obj(update))) {
      if (value === '') delete next[key];
      else next[key] = String(value);
    }
    return next;
  }

  // ---- money ------------------------------------------------------------------------------

  private amountOf(items: Array<{ price: string; quantity: number }>): number {
    return items.reduce((sum, item) => sum + this.price(item.price).unitAmount * item.quantity, 0);
  }

  private monthsOf(items: Array<{ price: string }>): number {
    return Math.max(...items.map((item) => this.price(item.price).months));
  }

  private discountOf(couponId: string | null, subtotal: number): number {
    if (!couponId) return 0;
    const coupon = this.coupon(couponId);
    if (coupon.percentOff !== null) return Math.round((subtotal * coupon.percentOff) / 100);
    return Math.min(subtotal, coupon.amountOff ?? 0);
  }

  /** Credit of the unused time of `from` and cost of `to` from now (Stripe's proration). */
  private proration(
    subscription: SubscriptionRow,
    to: ItemRow[],
    at: number,
  ): { amount: number; periodStart: number; periodEnd: number; lines: InvoiceRow['lines'] } {
    const oldAmount = this.amountOf(subscription.items);
    const newAmount = this.amountOf(to);
    const total = subscription.periodEnd - subscription.periodStart;
    const remaining = Math.max(0, subscription.periodEnd - at);
    const credit = Math.round((oldAmount * remaining) / total);
    const lines: InvoiceRow['lines'] = [];
    const creditLine = (item: ItemRow) => ({
      price: item.price,
      quantity: item.quantity,
      amount: -Math.round((this.price(item.price).unitAmount * item.quantity * remaining) / total),
      start: at,
      end: subscription.periodEnd,
      proration: true,
    });
    if (this.monthsOf(to) !== this.monthsOf(subscription.items)) {
      // A new interval starts a new period now: the whole new price less the unused time.
      const periodEnd = addMonths(at, this.monthsOf(to));
      lines.push(...subscription.items.map(creditLine));
      for (const item of to) {
        lines.push({
          price: item.price,
          quantity: item.quantity,
          amount: this.price(item.price).unitAmount * item.quantity,
          start: at,
          end: periodEnd,
          proration: false,
        });
      }
      return { amount: newAmount - credit, periodStart: at, periodEnd, lines };
    }
    lines.push(...subscription.items.map(creditLine));
    for (const item of to) {
      lines.push({
        price: item.price,
        quantity: item.quantity,
        amount: Math.round((this.price(item.price).unitAmount * item.quantity * remaining) / total),
        start: at,
        end: subscription.periodEnd,
        proration: true,
      });
    }
    return {
      amount: Math.round((newAmount * remaining) / total) - credit,
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      lines,
    };
  }

  private newInvoice(
    customer: string,
    subscription: string | null,
    lines: InvoiceRow['lines'],
    coupon: string | null,
    billingReason: string,
  ): InvoiceRow {
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = subtotal > 0 ? this.discountOf(coupon, subtotal) : 0;
    const row: InvoiceRow = {
      id: this.id('in'),
      customer,
      subscription,
      number: `ANIM-${String(this.invoices.size + 1).padStart(4, '0')}`,
      lines,
      subtotal,
      discount,
      total: Math.max(0, subtotal - discount),
      status: 'open',
      paidAt: null,
      attemptCount: 0,
      paymentIntent: null,
      billingReason,
      created: this.now(),
    };
    this.invoices.set(row.id, row);
    return row;
  }

  /** Charges an invoice with a card: paid, waiting for 3-D Secure, or declined. */
  private pay(invoice: InvoiceRow, methodId: string | null): PaymentIntentRow | null {
    if (invoice.total === 0) {
      invoice.status = 'paid';
      invoice.paidAt = this.now();
      return null;
    }
    const method = methodId ? (this.paymentMethods.get(methodId) ?? null) : null;
    const intent: PaymentIntentRow = {
      id: this.id('pi'),
      amount: invoice.total,
      customer: invoice.customer,
      paymentMethod: method?.id ?? null,
      status: 'requires_payment_method',
      clientSecret: '',
      invoice: invoice.id,
      lastError: null,
      created: this.now(),
    };
    intent.clientSecret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.paymentIntents.set(intent.id, intent);
    invoice.paymentIntent = intent.id;
    invoice.attemptCount += 1;
    if (method === null) {
      intent.lastError = { ...DECLINE, message: 'The customer has no payment method.' };
    } else if (method.behavior === 'pays') {
      intent.status = 'succeeded';
      invoice.status = 'paid';
      invoice.paidAt = this.now();
    } else if (method.behavior === 'authenticates') {
      intent.status = 'requires_action';
    } else {
      intent.lastError = {
        code: DECLINE.code,
        decline_code: DECLINE.decline_code,
        message: DECLINE.message,
      };
    }
    return intent;
  }

  // ---- subscriptions ----------------------------------------------------------------------

  private itemsFromForm(form: FormValue | undefined): ItemRow[] {
    return list(form).map((value) => {
      const item = obj(value);
      const price = str(item.price) ?? '';
      this.price(price);
      return { id: this.id('si'), price, quantity: Number(str(item.quantity) ?? '1') };
    });
  }

  private couponFromForm(form: Form): string | null {
    const discounts = list(form.discounts);
    const coupon = discounts.length ? str(obj(discounts[0]).coupon) : undefined;
    if (coupon) this.coupon(coupon);
    return coupon ?? null;
  }

  private createSubscription(form: Form): SubscriptionRow {
    const customer = this.customer(str(form.customer) ?? '');
    const items = this.itemsFromForm(form.items);
    if (!items.length) throw this.invalid('Missing required param: items.', 'items');
    const coupon = this.couponFromForm(form);
    const start = this.now();
    const row: SubscriptionRow = {
      id: this.id('sub'),
      customer: customer.id,
      items,
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      periodStart: start,
      periodEnd: addMonths(start, this.monthsOf(items)),
      defaultPaymentMethod: str(form.default_payment_method) || null,
      metadata: this.metadata({}, form.metadata),
      coupon,
      latestInvoice: null,
      schedule: null,
      pendingUpdate: null,
      created: start,
      startDate: start,
      endedAt: null,
    };
    if (row.defaultPaymentMethod) this.paymentMethod(row.defaultPaymentMethod);
    this.subscriptions.set(row.id, row);
    const invoice = this.newInvoice(
      customer.id,
      row.id,
      items.map((item) => ({
        price: item.price,
        quantity: item.quantity,
        amount: this.price(item.price).unitAmount * item.quantity,
        start,
        end: row.periodEnd,
        proration: false,
      })),
      coupon,
      'subscription_create',
    );
    row.latestInvoice = invoice.id;
    const intent = this.pay(invoice, row.defaultPaymentMethod ?? customer.defaultPaymentMethod);
    if (invoice.status === 'paid') row.status = 'active';
    else if (str(form.payment_behavior) === 'error_if_incomplete' && intent?.lastError) {
      throw new StripeApiError(402, { ...DECLINE, payment_intent: this.paymentIntentJson(intent) });
    }
    this.emit('customer.subscription.created', this.subscriptionJson(row, []));
    this.invoiceEvents(invoice);
    return row;
  }

  private invoiceEvents(invoice: InvoiceRow): void {
    const intent = invoice.paymentIntent
      ? this.paymentIntents.get(invoice.paymentIntent)
      : undefined;
    if (invoice.status === 'paid') {
      if (intent) this.emit('payment_intent.succeeded', this.paymentIntentJson(intent));
      this.emit('invoice.paid', this.invoiceJson(invoice, []));
    } else if (intent?.lastError) {
      this.emit('payment_intent.payment_failed', this.paymentIntentJson(intent));
      this.emit('invoice.payment_failed', this.invoiceJson(invoice, []));
    }
  }

  private updateSubscription(id: string, form: Form): SubscriptionRow {
    const row = this.subscription(id);
    if (row.status === 'canceled') {
      throw this.invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    row.metadata = this.metadata(row.metadata, form.metadata);
    if (form.cancel_at_period_end !== undefined) {
      if (row.schedule) {
        throw this.invalid(
          `The subscription is managed by the subscription schedule \`${row.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      }
      row.cancelAtPeriodEnd = str(form.cancel_at_period_end) === 'true';
    }
    if (form.default_payment_method !== undefined) {
      row.defaultPaymentMethod = str(form.default_payment_method) || null;
    }
    if (form.items !== undefined) {
      if (row.schedule) {
        throw this.invalid(
          `The subscription is managed by the subscription schedule \`${row.schedule}\`, and updating any items directly is not allowed.`,
        );
      }
      const next = this.mergeItems(row.items, form.items);
      const now = this.now();
      const behavior = str(form.proration_behavior) ?? 'create_prorations';
      if (behavior === 'none') {
        row.items = next;
      } else {
        const change = this.proration(row, next, now);
        const invoice = this.newInvoice(
          row.customer,
          row.id,
          change.lines,
          null,
          'subscription_update',
        );
        const intent = this.pay(
          invoice,
          row.defaultPaymentMethod ?? this.customer(row.customer).defaultPaymentMethod,
        );
        row.latestInvoice = invoice.id;
        const paid = invoice.status === 'paid';
        if (paid || str(form.payment_behavior) !== 'pending_if_incomplete') {
          row.items = next;
          row.periodStart = change.periodStart;
          row.periodEnd = change.periodEnd;
          if (!paid) row.status = 'past_due';
        } else {
          row.pendingUpdate = {
            items: next,
            periodStart: change.periodStart,
            periodEnd: change.periodEnd,
            expiresAt: now + 23 * 3600,
          };
        }
        if (intent?.lastError && str(form.payment_behavior) === 'error_if_incomplete') {
          throw new StripeApiError(402, DECLINE);
        }
        this.invoiceEvents(invoice);
      }
    }
    this.emit('customer.subscription.updated', this.subscriptionJson(row, []));
    return row;
  }

  private mergeItems(current: ItemRow[], form: FormValue): ItemRow[] {
    const next = current.map((item) => ({ ...item }));
    for (const value of list(form)) {
      const change = obj(value);
      const id = str(change.id);
      if (id) {
        const index = next.findIndex((item) => item.id === id);
        if (index === -1) throw this.missing('subscription_item', id, 'items');
        if (str(change.deleted) === 'true') {
          next.splice(index, 1);
          continue;
        }
        const item = next[index]!;
        if (change.price !== undefined) item.price = this.price(str(change.price) ?? '').id;
        if (change.quantity !== undefined) item.quantity = Number(str(change.quantity));
      } else {
        const price = this.price(str(change.price) ?? '').id;
        next.push({ id: this.id('si'), price, quantity: Number(str(change.quantity) ?? '1') });
      }
    }
    return next;
  }

  /** A refund of a payment intent's charge, in full unless `amount` says less. */
  private refund(form: Form): RefundRow {
    const intentId = str(form.payment_intent) ?? '';
    const intent = this.paymentIntent(intentId);
    if (intent.status !== 'succeeded') {
      throw this.invalid(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const refunded = [...this.refunds.values()]
      .filter((row) => row.paymentIntent === intentId)
      .reduce((sum, row) => sum + row.amount, 0);
    const amount = Number(str(form.amount) ?? intent.amount - refunded);
    if (amount <= 0 || refunded + amount > intent.amount) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for ${intentId} has already been refunded.`,
      });
    }
    const row: RefundRow = {
      id: this.id('re'),
      paymentIntent: intentId,
      amount,
      created: this.now(),
    };
    this.refunds.set(row.id, row);
    return row;
  }

  private refundJson(row: RefundRow): Json {
    return {
      id: row.id,
      object: 'refund',
      amount: row.amount,
      created: row.created,
      currency: 'usd',
      payment_intent: row.paymentIntent,
      status: 'succeeded',
      metadata: {},
    };
  }

  private cancelSubscription(id: string): SubscriptionRow {
    const row = this.subscription(id);
    row.status = row.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    row.endedAt = this.now();
    if (row.schedule) this.schedule(row.schedule).status = 'released';
    row.schedule = null;
    this.emit('customer.subscription.deleted', this.subscriptionJson(row, []));
    return row;
  }

  // ---- subscription schedules -------------------------------------------------------------

  private createSchedule(form: Form): ScheduleRow {
    const subscription = this.subscription(str(form.from_subscription) ?? '');
    if (subscription.schedule) {
      throw this.invalid(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
      );
    }
    const row: ScheduleRow = {
      id: this.id('sub_sched'),
      subscription: subscription.id,
      customer: subscription.customer,
      phases: [
        {
          items: subscription.items.map((item) => ({ price: item.price, quantity: item.quantity })),
          start: subscription.periodStart,
          end: subscription.periodEnd,
          metadata: {},
        },
      ],
      endBehavior: 'release',
      status: 'active',
      created: this.now(),
    };
    this.schedules.set(row.id, row);
    subscription.schedule = row.id;
    this.emit('customer.subscription.updated', this.subscriptionJson(subscription, []));
    return row;
  }

  private updateSchedule(id: string, form: Form): ScheduleRow {
    const row = this.schedule(id);
    if (row.status !== 'active')
      throw this.invalid(
        `You cannot update a subscription schedule that is currently in the \`${row.status}\` status.`,
      );
    if (form.end_behavior !== undefined) row.endBehavior = str(form.end_behavior) ?? 'release';
    if (form.phases !== undefined) {
      const phases = list(form.phases).map((value) => {
        const phase = obj(value);
        return {
          items: list(phase.items).map((item) => ({
            price: this.price(str(obj(item).price) ?? '').id,
            quantity: Number(str(obj(item).quantity) ?? '1'),
          })),
          start: Number(str(phase.start_date) ?? '0'),
          end: phase.end_date !== undefined ? Number(str(phase.end_date)) : null,
          // Kept as given: '' unsets the subscription's key when the phase starts.
          metadata: Object.fromEntries(
            Object.entries(obj(phase.metadata)).map(([key, value]) => [key, String(value)]),
          ),
        };
      });
      for (let i = 1; i < phases.length; i += 1) {
        const previous = phases[i - 1]!;
        if (previous.end === null) previous.end = phases[i]!.start;
        if (!phases[i]!.start) phases[i]!.start = previous.end;
      }
      row.phases = phases;
    }
    return row;
  }

  private releaseSchedule(id: string): ScheduleRow {
    const row = this.schedule(id);
    if (row.status !== 'active')
      throw this.invalid(
        `You cannot release a subscription schedule that is currently in the \`${row.status}\` status.`,
      );
    row.status = 'released';
    const subscription = this.subscriptions.get(row.subscription);
    if (subscription) subscription.schedule = null;
    return row;
  }

  // ---- previews ---------------------------------------------------------------------------

  private preview(form: Form): Json {
    const customer = this.customer(str(form.customer) ?? '');
    const details = obj(form.subscription_details);
    const subscriptionId = str(form.subscription);
    const now = Number(str(details.proration_date) ?? this.now());
    let lines: InvoiceRow['lines'];
    let coupon = this.couponFromForm(form);
    if (subscriptionId) {
      const subscription = this.subscription(subscriptionId);
      coupon = null;
      const next = this.mergeItems(subscription.items, details.items ?? []);
      lines = this.proration(subscription, next, now).lines;
    } else {
      const items = this.itemsFromForm(details.items);
      const end = addMonths(now, this.monthsOf(items));
      lines = items.map((item) => ({
        price: item.price,
        quantity: item.quantity,
        amount: this.price(item.price).unitAmount * item.quantity,
        start: now,
        end,
        proration: false,
      }));
    }
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = subtotal > 0 ? this.discountOf(coupon, subtotal) : 0;
    const draft: InvoiceRow = {
      id: '',
      customer: customer.id,
      subscription: subscriptionId ?? null,
      number: '',
      lines,
      subtotal,
      discount,
      total: Math.max(0, subtotal - discount),
      status: 'open',
      paidAt: null,
      attemptCount: 0,
      paymentIntent: null,
      billingReason: 'upcoming',
      created: now,
    };
    const json = this.invoiceJson(draft, []);
    json.id = `upcoming_in_${randomBytes(6).toString('hex')}`;
    json.status = 'draft';
    json.number = null;
    return json;
  }

  // ---- what tests do in place of the browser and the calendar -----------------------------

  /** The browser's 3-D Secure step on a payment intent: authenticated, or failed. */
  confirmPayment(paymentIntentId: string, outcome: 'authenticate' | 'fail' = 'authenticate'): void {
    const intent = this.paymentIntent(paymentIntentId);
    const invoice = this.invoice(intent.invoice);
    if (outcome === 'fail') {
      intent.status = 'requires_payment_method';
      intent.lastError = {
        code: 'payment_intent_authentication_failure',
        decline_code: '',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      this.invoiceEvents(invoice);
      return;
    }
    intent.status = 'succeeded';
    invoice.status = 'paid';
    invoice.paidAt = this.now();
    const subscription = invoice.subscription
      ? this.subscriptions.get(invoice.subscription)
      : undefined;
    if (subscription) {
      if (subscription.pendingUpdate) {
        subscription.items = subscription.pendingUpdate.items;
        subscription.periodStart = subscription.pendingUpdate.periodStart;
        subscription.periodEnd = subscription.pendingUpdate.periodEnd;
        subscription.pendingUpdate = null;
      }
      subscription.status = 'active';
    }
    this.invoiceEvents(invoice);
    if (subscription)
      this.emit('customer.subscription.updated', this.subscriptionJson(subscription, []));
  }

  /**
   * The end of a subscription's period: the schedule's next phase starts, or a canceled
   * renewal ends it, or it renews with a new invoice charged to its card.
   */
  advanceToPeriodEnd(subscriptionId: string): void {
    const row = this.subscription(subscriptionId);
    this.offsetSeconds += Math.max(0, row.periodEnd - this.now()) + 1;
    const schedule = row.schedule ? this.schedule(row.schedule) : null;
    if (row.cancelAtPeriodEnd) {
      row.status = 'canceled';
      row.endedAt = row.periodEnd;
      this.emit('customer.subscription.deleted', this.subscriptionJson(row, []));
      return;
    }
    const next = schedule?.phases.find((phase) => phase.start >= row.periodEnd);
    if (schedule && next) {
      row.items = next.items.map((item) => ({ id: this.id('si'), ...item }));
      row.metadata = this.metadata(row.metadata, next.metadata);
      if (
        schedule.endBehavior === 'release' &&
        schedule.phases.indexOf(next) === schedule.phases.length - 1
      ) {
        schedule.status = 'released';
        row.schedule = null;
      }
    }
    const start = row.periodEnd;
    row.periodStart = start;
    row.periodEnd = addMonths(start, this.monthsOf(row.items));
    const invoice = this.newInvoice(
      row.customer,
      row.id,
      row.items.map((item) => ({
        price: item.price,
        quantity: item.quantity,
        amount: this.price(item.price).unitAmount * item.quantity,
        start,
        end: row.periodEnd,
        proration: false,
      })),
      null,
      'subscription_cycle',
    );
    row.latestInvoice = invoice.id;
    this.pay(invoice, row.defaultPaymentMethod ?? this.customer(row.customer).defaultPaymentMethod);
    row.status = invoice.status === 'paid' ? 'active' : 'past_due';
    this.invoiceEvents(invoice);
    this.emit('customer.subscription.updated', this.subscriptionJson(row, []));
  }

  // ---- JSON -------------------------------------------------------------------------------

  private listJson(url: string, data: Json[]): Json {
    return { object: 'list', data, has_more: false, url };
  }

  private customerJson(row: CustomerRow, expand: string[]): Json {
    const method = row.defaultPaymentMethod;
    return {
      id: row.id,
      object: 'customer',
      created: row.created,
      email: row.email,
      name: row.name,
      livemode: false,
      metadata: row.metadata,
      invoice_settings: {
        custom_fields: null,
        default_payment_method:
          method && expand.includes('invoice_settings.default_payment_method')
            ? this.paymentMethodJson(this.paymentMethod(method))
            : method,
        footer: null,
        rendering_options: null,
      },
    };
  }

  private paymentMethodJson(row: PaymentMethodRow): Json {
    return {
      id: row.id,
      object: 'payment_method',
      type: 'card',
      created: row.created,
      customer: row.customer,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: row.brand,
        last4: row.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
    };
  }

  private couponJson(row: CouponRow): Json {
    return {
      id: row.id,
      object: 'coupon',
      percent_off: row.percentOff,
      amount_off: row.amountOff,
      currency: row.amountOff !== null ? 'usd' : null,
      duration: 'once',
      valid: true,
    };
  }

  private priceJson(id: string): Json {
    const price = this.price(id);
    return {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: price.unitAmount,
      type: 'recurring',
      recurring: {
        interval: price.months % 12 === 0 ? 'year' : 'month',
        interval_count: price.months % 12 === 0 ? price.months / 12 : price.months,
        usage_type: 'licensed',
      },
    };
  }

  subscriptionJson(row: SubscriptionRow, expand: string[]): Json {
    const invoiceExpand = expand
      .filter((path) => path.startsWith('latest_invoice.'))
      .map((path) => path.slice('latest_invoice.'.length));
    const method = row.defaultPaymentMethod;
    return {
      id: row.id,
      object: 'subscription',
      created: row.created,
      start_date: row.startDate,
      customer: row.customer,
      currency: 'usd',
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      cancel_at: row.cancelAtPeriodEnd ? row.periodEnd : null,
      canceled_at: row.endedAt,
      ended_at: row.endedAt,
      collection_method: 'charge_automatically',
      billing_cycle_anchor: row.periodStart,
      default_payment_method:
        method && expand.includes('default_payment_method')
          ? this.paymentMethodJson(this.paymentMethod(method))
          : method,
      discounts: row.coupon ? [`di_${row.id}`] : [],
      metadata: row.metadata,
      livemode: false,
      schedule: row.schedule,
      test_clock: null,
      pending_update: row.pendingUpdate
        ? {
            billing_cycle_anchor: null,
            expires_at: row.pendingUpdate.expiresAt,
            subscription_items: row.pendingUpdate.items.map((item) => this.itemJson(row, item)),
            trial_end: null,
            trial_from_plan: null,
          }
        : null,
      latest_invoice:
        row.latestInvoice &&
        expand.some((path) => path === 'latest_invoice' || path.startsWith('latest_invoice.'))
          ? this.invoiceJson(this.invoice(row.latestInvoice), invoiceExpand)
          : row.latestInvoice,
      items: {
        object: 'list',
        data: row.items.map((item) => this.itemJson(row, item)),
        has_more: false,
        total_count: row.items.length,
        url: `/v1/subscription_items?subscription=${row.id}`,
      },
    };
  }

  private itemJson(row: SubscriptionRow, item: ItemRow): Json {
    return {
      id: item.id,
      object: 'subscription_item',
      created: row.created,
      current_period_start: row.periodStart,
      current_period_end: row.periodEnd,
      metadata: {},
      price: this.priceJson(item.price),
      quantity: item.quantity,
      subscription: row.id,
    };
  }

  invoiceJson(row: InvoiceRow, expand: string[]): Json {
    const intent = row.paymentIntent ? this.paymentIntents.get(row.paymentIntent) : undefined;
    return {
      id: row.id,
      object: 'invoice',
      created: row.created,
      customer: row.customer,
      currency: 'usd',
      number: row.number || null,
      status: row.status,
      billing_reason: row.billingReason,
      collection_method: 'charge_automatically',
      attempt_count: row.attemptCount,
      attempted: row.attemptCount > 0,
      next_payment_attempt: null,
      amount_due: row.total,
      amount_paid: row.status === 'paid' ? row.total : 0,
      amount_remaining: row.status === 'paid' ? 0 : row.total,
      subtotal: row.subtotal,
      total: row.total,
      total_discount_amounts: row.discount
        ? [{ amount: row.discount, discount: `di_${row.id}` }]
        : [],
      period_start: row.lines[0]?.start ?? row.created,
      period_end: row.lines[0]?.end ?? row.created,
      livemode: false,
      metadata: {},
      parent: row.subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: {}, subscription: row.subscription },
          }
        : null,
      status_transitions: {
        finalized_at: row.created,
        paid_at: row.paidAt,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${row.id}/lines`,
        data: row.lines.map((line, index) => ({
          id: `il_${row.id}_${index}`,
          object: 'line_item',
          amount: line.amount,
          currency: 'usd',
          // Stripe writes a description on every line; these read like its own.
          description: line.proration
            ? `${line.amount < 0 ? 'Unused' : 'Remaining'} time on ${line.quantity} × ${line.price}`
            : `${line.quantity} × ${line.price}`,
          quantity: line.quantity,
          period: { start: line.start, end: line.end },
          pricing: {
            type: 'price_details',
            price_details: { price: line.price, product: `prod_${line.price}` },
            unit_amount_decimal: null,
          },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              proration: line.proration,
              subscription: row.subscription,
            },
          },
        })),
      },
      ...(expand.includes('confirmation_secret')
        ? {
            confirmation_secret:
              intent && row.status === 'open'
                ? { client_secret: intent.clientSecret, type: 'payment_intent' }
                : null,
          }
        : {}),
      ...(expand.includes('payments')
        ? {
            payments: this.listJson(
              `/v1/invoice_payments?invoice=${row.id}`,
              row.paymentIntent ? [this.invoicePaymentJson(row, false)] : [],
            ),
          }
        : {}),
    };
  }

  private invoicePaymentJson(row: InvoiceRow, expandInvoice: boolean): Json {
    return {
      id: `inpay_${row.id}`,
      object: 'invoice_payment',
      amount_paid: row.status === 'paid' ? row.total : null,
      amount_requested: row.total,
      created: row.created,
      currency: 'usd',
      invoice: expandInvoice ? this.invoiceJson(row, []) : row.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: row.paymentIntent },
      status: row.status === 'paid' ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: row.paidAt },
    };
  }

  paymentIntentJson(row: PaymentIntentRow): Json {
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount,
      amount_received: row.status === 'succeeded' ? row.amount : 0,
      created: row.created,
      currency: 'usd',
      customer: row.customer,
      client_secret: row.clientSecret,
      payment_method: row.paymentMethod,
      status: row.status,
      livemode: false,
      metadata: {},
      last_payment_error: row.lastError
        ? {
            type: 'card_error',
            ...row.lastError,
            decline_code: row.lastError.decline_code || undefined,
          }
        : null,
      next_action:
        row.status === 'requires_action'
          ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
          : null,
    };
  }

  private scheduleJson(row: ScheduleRow): Json {
    const first = row.phases[0];
    return {
      id: row.id,
      object: 'subscription_schedule',
      created: row.created,
      customer: row.customer,
      subscription: row.status === 'active' ? row.subscription : null,
      released_subscription: row.status === 'released' ? row.subscription : null,
      status: row.status,
      end_behavior: row.endBehavior,
      current_phase: first ? { start_date: first.start, end_date: first.end } : null,
      phases: row.phases.map((phase) => ({
        start_date: phase.start,
        end_date: phase.end,
        metadata: phase.metadata,
        items: phase.items.map((item) => ({ price: item.price, quantity: item.quantity })),
      })),
      metadata: {},
      livemode: false,
    };
  }
}

/** The seeded plans (migration Billing) as Stripe prices: cents per month × months. */
const SEEDED_PLANS: Record<string, [number, number]> = {
  'team-slot-monthly': [4500, 1],
  'team-slot-quarterly': [4000, 3],
  'team-slot-annual': [3000, 12],
  'starter-monthly': [1200, 1],
  'starter-quarterly': [1100, 3],
  'starter-annual': [900, 12],
  'pro-monthly': [3500, 1],
  'pro-quarterly': [3000, 3],
  'pro-annual': [2000, 12],
  'team-monthly': [13500, 1],
  'team-quarterly': [12000, 3],
  'team-annual': [9000, 12],
};

/** Our plan id → the Stripe price id the tests configure ('pro-annual' → 'price_pro_annual'). */
export const testStripePriceIds: Record<string, string> = Object.fromEntries(
  Object.keys(SEEDED_PLANS).map((plan) => [plan, `price_${plan.replace(/-/g, '_')}`]),
);

/** The same as STRIPE_PRICE_* variables, for an app under test. */
export const testStripePriceEnv: Record<string, string> = Object.fromEntries(
  Object.entries(testStripePriceIds).map(([plan, price]) => [
    `STRIPE_PRICE_${plan.toUpperCase().replace(/-/g, '_')}`,
    price,
  ]),
);

/** The app's variables for StripeCardGateway on this server: keys, webhook secret and prices. */
export function stripeAppEnv(apiUrl: string, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_animata',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_animata',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: apiUrl,
    ...testStripePriceEnv,
  };
}

/** A StripeServer with the seeded plans' prices and the coupons the tests use. */
export function seededStripeServer(): StripeServer {
  return new StripeServer({
    prices: Object.fromEntries(
      Object.entries(SEEDED_PLANS).map(([plan, [cents, months]]) => [
        testStripePriceIds[plan]!,
        { unitAmount: cents * months, months },
      ]),
    ),
    coupons: [
      { id: 'BLACKFRIDAY', percentOff: 20 },
      { id: 'TENOFF', amountOff: 1000 },
    ],
  });
}
