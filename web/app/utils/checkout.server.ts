import {
  billingMessages,
  catalogueMessages,
  checkoutPath,
  endpoints,
  formatCents,
  formatDate,
  isPayablePeriod,
  isProductName,
  pagePaths,
  periodWord,
  shownBillingDate,
  TEAM_MAX_EXTRA_SEATS,
  validateSandboxCard,
  type CardFormErrors,
  type CheckoutTrackingEvent,
  type Customer,
  type PayablePeriod,
  type PaymentConfigResponse,
  type PricesQuery,
  type PayResponse,
  type PendingPayment,
  type Plan,
  type Product,
  type ProductName,
  type UpgradePreview,
} from '@animata/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { api, type Api, type ApiResult } from './api.server.js';
import { requestCookie } from './cookies.server.js';
import { requireCustomer } from './auth.server.js';
import { readForm, formRefused, textField } from './form.server.js';
import { notify, redirectWithNotification } from './notification.server.js';
import { openTwoFactor, runTwoFactorStep, type TwoFactorState } from './two-factor.server.js';

/*
 * The checkout and upgrade dialogs (billing-teams-apps §2, §4, §7, §8): their loaders and their
 * one action. Every step is a form post, so the dialogs work without JavaScript; with it the
 * same posts go through fetch, and the browser adds the card provider's parts (Stripe Elements,
 * the Braintree drop-in, confirmCardPayment) where keys are configured.
 */

export type CheckoutKind = 'pay' | 'upgrade';
export type CheckoutMethod = 'card' | 'paypal';
/** The products a dialog can sell: free is never bought. */
const PAYABLE_PRODUCTS: readonly ProductName[] = ['starter', 'pro', 'team'];

export interface CheckoutTarget {
  kind: CheckoutKind;
  period: PayablePeriod;
  product: ProductName;
  /** The upgrade's stored method; null in the checkout, where the customer picks one. */
  method: CheckoutMethod | null;
}

/** The route's segments, or the 404 page for a period, product or method §5 does not allow. */
export function readTarget(
  kind: CheckoutKind,
  params: Record<string, string | undefined>,
): CheckoutTarget {
  const { period, product, method } = params;
  const methodOk = kind === 'pay' || method === 'card' || method === 'paypal';
  if (!isPayablePeriod(period) || !isProductName(product) || !methodOk) throw notFound();
  if (!PAYABLE_PRODUCTS.includes(product)) throw notFound();
  return {
    kind,
    period,
    product,
    method: kind === 'upgrade' ? (method as CheckoutMethod) : null,
  };
}

function notFound(): Response {
  return new Response(catalogueMessages.notFound, { status: 404 });
}

/** The dialog's own address for another period (the period switch rewrites the path). */
export function dialogPath(target: CheckoutTarget, period: PayablePeriod, search = ''): string {
  const path =
    target.kind === 'pay'
      ? `/pay/${period}/${target.product}`
      : `/upgrade/${target.method}/${period}/${target.product}`;
  return `${path}${search}`;
}

/**
 * Where a dialog that cannot open goes with its message (prices or preview failed, §8): the
 * pricing page it sits over, with its coupon, to choose again. Closing it by hand goes to '/'
 * (§2; `closeTo`).
 */
export function closePath(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  const coupon = search.get('coupon');
  if (coupon) kept.set('coupon', coupon);
  const query = kept.toString();
  return query ? `${pagePaths.pricing}?${query}` : pagePaths.pricing;
}

/** The result state after a payment: the pricing page with payment, method, plan and product. */
export function resultPath(
  outcome: 'success' | 'error',
  method: CheckoutMethod,
  period: PayablePeriod,
  product: ProductName,
  coupon: string | null,
): string {
  const query = new URLSearchParams({ payment: outcome, method, plan: period, product });
  if (coupon && outcome === 'error') query.set('coupon', coupon);
  return `${pagePaths.pricing}?${query.toString()}`;
}

function extraSlotsOf(value: string | null, product: ProductName): number {
  if (product !== 'team') return 0;
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), TEAM_MAX_EXTRA_SEATS) : 0;
}

/** Tracking never holds the flow up: one second at most (§9), failures ignored. */
export async function track(
  client: Api,
  eventName: CheckoutTrackingEvent,
  eventData: Record<string, string | number | boolean | null>,
): Promise<void> {
  const call = client.call(endpoints.tracking.track, { eventName, eventData }).catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 1000);
  });
  await Promise.race([call, timeout]);
  clearTimeout(timer);
}

/** The message a failed call shows: the server's own text, else `fallback`. */
function serverMessage(result: Extract<ApiResult<unknown>, { ok: false }>, fallback: string) {
  const generic: string[] = [
    catalogueMessages.unknownError,
    catalogueMessages.internalServerError,
    catalogueMessages.notFound,
    '',
  ];
  return generic.includes(result.error.notice) ? fallback : result.error.notice;
}

/** The dates and words of a change that waits for the period end (issue 29). */
export interface ScheduledView {
  /** The current plan's title ('Pro'). */
  current: string;
  /** 'November 27, 2027': the end of the paid period as shown (the 12-hour rule). */
  startsOn: string;
  /** '$108 per year': what the new plan costs from then. */
  price: string;
}

export interface CheckoutLoaderData {
  target: CheckoutTarget;
  title: string;
  coupon: string | null;
  extraSlots: number;
  product: Product;
  plan: Plan;
  preview: UpgradePreview;
  config: PaymentConfigResponse;
  email: string;
  closeTo: string;
  /** The same dialog for the other period. */
  switchTo: { period: PayablePeriod; to: string };
  /**
   * 'Renews on': the new period's end as the billing page will show it (the 12-hour rule, for
   * the method that pays: the stored one, or the card in the checkout), and, in the checkout,
   * the PayPal date when it reads differently. Null for a scheduled change.
   */
  renewsOn: { date: string; paypal: string | null } | null;
  /** Set when the change waits for the period end: nothing is paid now. */
  scheduled: ScheduledView | null;
}

/** A long date of the billing end `iso` for a payment method (the 12-hour rule), or ''. */
function billingDay(iso: string, method: 'card' | 'paypal' | 'none' | null): string {
  const shown = shownBillingDate(iso, method);
  return shown ? formatDate(shown, 'long') : '';
}

/**
 * The dialog's loader: signed in (login with the return path otherwise), not while a 3-D Secure
 * payment waits (the dialog closes; /pay/pending resumes it), the prices and the preview of the
 * amount due now. Failures close the dialog with their message (§8).
 */
export async function loadCheckout(
  request: Request,
  context: AppLoadContext,
  target: CheckoutTarget,
) {
  const session = await requireCustomer(request, context);
  const client = api(request, context);
  const url = new URL(request.url);
  const coupon = url.searchParams.get('coupon') || null;
  const extraSlots = extraSlotsOf(url.searchParams.get('extraSlots'), target.product);
  const fail = (message: string) =>
    redirectWithNotification(closePath(url.searchParams), notify('error', message));

  const customer = (await client.expect(client.call(endpoints.customer.get))).customer;
  // The checkout is skipped while a payment waits for 3-D Secure (§4): that one resumes first.
  if (customer.is3DSPending) throw redirect(PENDING_PAYMENT_PATH);
  // No plan that can change, or nothing stored to charge (a free customer whose 3-D Secure
  // failed, a canceled one whose card was removed): the checkout takes a new card (issue 29).
  if (target.kind === 'upgrade') {
    const path = checkoutPath(customer, target.period, target.product);
    if (path.startsWith('/pay/'))
      throw redirect(`${dialogPath({ ...target, kind: 'pay' }, target.period)}${url.search}`);
  }

  const [prices, config] = await Promise.all([
    client.call(endpoints.pricing.prices, undefined, {
      query: (coupon ? { coupon } : {}) satisfies PricesQuery,
    }),
    client.call(endpoints.pricing.paymentConfig),
  ]);
  if (!prices.ok || prices.data.products.length === 0) throw fail(billingMessages.pricesFailed);
  const product = prices.data.products.find((p) => p.name === target.product);
  const plan = product?.plans[target.period];
  if (!product || !plan) throw fail(billingMessages.pricesFailed);

  const gateway = target.method === 'paypal' ? endpoints.paypal : endpoints.stripe;
  const preview = await client.call(gateway.previewCost, {
    plan: target.period,
    product: target.product,
    extraSlots,
    ...(coupon ? { coupon } : {}),
  });
  if (!preview.ok) {
    if (preview.error.kind === 'logged-out') throw client.toLogin(preview.headers);
    throw fail(
      serverMessage(
        preview,
        target.kind === 'upgrade'
          ? billingMessages.upgradePreviewFailed
          : billingMessages.unknownError,
      ),
    );
  }

  // InitiateCheckout as the dialog opens (not when the seat count changes its preview).
  if (!url.searchParams.has('extraSlots')) {
    await track(client, 'InitiateCheckout', {
      product: target.product,
      plan: target.period,
      value: Math.round(plan.monthly_price * plan.months * 100) / 100,
      currency: 'USD',
    });
  }

  const otherPeriod: PayablePeriod = target.period === 'annual' ? 'monthly' : 'annual';
  const details = preview.data.details;
  const storedMethod = details.paymentMethod.type;
  const scheduled: ScheduledView | null =
    details.timing === 'period-end'
      ? {
          current: customer.subscription.planTitle,
          startsOn: billingDay(details.period_end, storedMethod),
          price: `${formatCents(preview.data.payment.amountOriginal)} per ${periodWord(target.period)}`,
        }
      : null;
  const renewsOn = (() => {
    if (scheduled) return null;
    if (target.kind === 'upgrade')
      return { date: billingDay(details.period_end, storedMethod), paypal: null };
    const card = billingDay(details.period_end, 'card');
    const paypal = billingDay(details.period_end, 'paypal');
    return { date: card, paypal: paypal === card ? null : paypal };
  })();
  const data: CheckoutLoaderData = {
    target,
    title: target.kind === 'pay' ? billingMessages.checkoutTitle : billingMessages.upgradeTitle,
    coupon,
    extraSlots,
    product,
    plan,
    preview: preview.data,
    config: config.ok ? config.data : { stripePublishableKey: null, braintreeClientToken: null },
    email: session.email,
    // §2: 'Closing goes back to '/''.
    closeTo: pagePaths.home,
    switchTo: { period: otherPeriod, to: dialogPath(target, otherPeriod, url.search) },
    renewsOn,
    scheduled,
  };
  return data;
}

/** What the checkout form keeps between its posts (hidden fields, so no JavaScript is needed). */
export interface PaymentState {
  method: CheckoutMethod;
  /** The card provider's payment-method id, or the wallet's nonce. */
  source: string;
  /** Cents the customer saw. */
  payment: number;
  extraSlots: number;
}

export type CheckoutActionData =
  | {
      step: 'form';
      method: CheckoutMethod;
      fieldErrors?: CardFormErrors;
      notice?: string;
      /** A refused sandbox card's number and expiry, shown again (never the CVC). */
      values?: { number: string; expiry: string };
    }
  | { step: 'two-factor'; twoFactor: TwoFactorState; payment: PaymentState }
  | { step: '3ds'; challenge: PendingPayment; payment: PaymentState };

function readPaymentState(form: FormData, fallbackMethod: CheckoutMethod): PaymentState {
  const method = textField(form, 'method');
  return {
    method: method === 'paypal' || method === 'card' ? method : fallbackMethod,
    source: textField(form, 'source'),
    payment: Math.max(0, Math.trunc(Number(textField(form, 'payment')) || 0)),
    extraSlots: Math.min(
      Math.max(Math.trunc(Number(textField(form, 'extraSlots')) || 0), 0),
      TEAM_MAX_EXTRA_SEATS,
    ),
  };
}

/**
 * The dialog's one action. Intents: pay-card (the sandbox form's fields, or the `source` the
 * browser made), pay-wallet (the nonce), upgrade (the stored method), the two-factor dialog's
 * steps (then the same payment again with tfa_token), 3ds-sandbox (the sandbox challenge's
 * answer) and 3ds-result (what confirmCardPayment said).
 */
export async function checkoutAction(
  request: Request,
  context: AppLoadContext,
  target: CheckoutTarget,
) {
  await requireCustomer(request, context);
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const form = read.form;
  const client = api(request, context);
  const url = new URL(request.url);
  const coupon = url.searchParams.get('coupon') || null;
  const intent = textField(form, 'intent');
  const defaultMethod: CheckoutMethod = target.method ?? 'card';
  const state = readPaymentState(form, defaultMethod);
  const finish = new PaymentFinisher(client, target, coupon);

  if (intent === '3ds-sandbox' || intent === '3ds-result') {
    return finish.afterChallenge(form);
  }

  const step = await runTwoFactorStep(form, client, 'payment');
  if (step.kind === 'cancelled')
    return data<CheckoutActionData>({ step: 'form', method: state.method });
  if (step.kind === 'pending') {
    return data<CheckoutActionData>(
      { step: 'two-factor', twoFactor: step.state, payment: state },
      { status: step.status, headers: step.headers },
    );
  }
  if (step.kind === 'verified') return finish.pay(state, step.token);

  if (intent === 'pay-card') {
    let source = state.source;
    if (!source) {
      // Without JavaScript the sandbox form posts the card; it is mapped here and never sent on.
      const card = { number: textField(form, 'number'), expiry: textField(form, 'expiry') };
      const checked = validateSandboxCard({ ...card, cvc: textField(form, 'cvc') });
      if (!checked.source) {
        return data<CheckoutActionData>(
          { step: 'form', method: 'card', fieldErrors: checked.errors, values: card },
          { status: 422 },
        );
      }
      source = checked.source;
    }
    return finish.pay({ ...state, method: 'card', source }, null);
  }
  if (intent === 'pay-wallet') {
    if (!state.source) {
      return data<CheckoutActionData>(
        { step: 'form', method: 'paypal', notice: billingMessages.walletFailed },
        { status: 422 },
      );
    }
    return finish.pay({ ...state, method: 'paypal' }, null);
  }
  if (intent === 'upgrade') return finish.pay({ ...state, method: defaultMethod }, null);
  return data<CheckoutActionData>(
    { step: 'form', method: state.method, notice: billingMessages.unknownError },
    { status: 400 },
  );
}

/** Sends the payment and turns every answer into the dialog's next step or its result. */
class PaymentFinisher {
  constructor(
    private readonly client: Api,
    private readonly target: CheckoutTarget,
    private readonly coupon: string | null,
  ) {}

  async pay(state: PaymentState, tfaToken: string | null) {
    const { client, target, coupon } = this;
    const common = {
      plan: target.period,
      product: target.product,
      payment: state.payment,
      extraSlots: state.extraSlots,
      ...(coupon ? { coupon } : {}),
      ...(tfaToken ? { tfa_token: tfaToken } : {}),
    };
    if (tfaToken === null) {
      await track(client, 'AddPaymentInfo', {
        product: target.product,
        plan: target.period,
        method: state.method,
      });
    }
    const gateway = state.method === 'paypal' ? endpoints.paypal : endpoints.stripe;
    const result =
      target.kind === 'upgrade'
        ? await client.call(gateway.upgradeSubscription, common)
        : state.method === 'paypal'
          ? await client.call(endpoints.paypal.pay, { ...common, nonce: state.source })
          : await client.call(endpoints.stripe.pay, { ...common, source: state.source });
    if (!result.ok) {
      if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
      return this.failed(state.method, this.failureFallback(state.method), result);
    }
    const answer = result.data;
    if (answer.tfa_required) {
      const customer = await client.call(endpoints.customer.get);
      const email = customer.ok ? customer.data.customer.email : '';
      // The BFF's two-factor attempt cookie goes to the browser, and comes back with the retry.
      return data<CheckoutActionData>(
        { step: 'two-factor', twoFactor: openTwoFactor('payment', email), payment: state },
        { headers: result.headers },
      );
    }
    if (answer.payment) {
      return data<CheckoutActionData>(
        { step: '3ds', challenge: answer.payment, payment: state },
        { headers: result.headers },
      );
    }
    return this.succeeded(state.method, answer, result.headers);
  }

  /** The 3-D Secure challenge's answer: the sandbox's buttons, or Stripe's confirmation. */
  async afterChallenge(form: FormData) {
    const { client } = this;
    const paymentIntentId = textField(form, 'paymentIntentId');
    let providerError = textField(form, 'error') || null;
    if (textField(form, 'intent') === '3ds-sandbox') {
      const outcome = textField(form, 'outcome') === 'complete' ? 'complete' : 'fail';
      const confirmed = await client.call(endpoints.stripe.sandboxConfirm, {
        clientSecret: textField(form, 'clientSecret'),
        outcome,
      });
      if (!confirmed.ok) {
        providerError = serverMessage(confirmed, billingMessages.unknownServerError3ds);
      } else if (confirmed.data.error) {
        providerError = confirmed.data.error.message;
      }
    }
    const handled = await client.call(endpoints.stripe.handle3ds, {
      paymentIntentId,
      ...(providerError ? { error: providerError } : {}),
    });
    if (providerError) return this.redirectError('card', providerError);
    if (!handled.ok) {
      return this.redirectError(
        'card',
        serverMessage(handled, billingMessages.unknownServerError3ds),
      );
    }
    return this.succeeded('card', handled.data, handled.headers);
  }

  private failureFallback(method: CheckoutMethod): string {
    if (this.target.kind === 'upgrade') return billingMessages.upgradePaymentFailed;
    return method === 'paypal' ? billingMessages.walletFailed : billingMessages.unknownError;
  }

  private failed(
    method: CheckoutMethod,
    fallback: string,
    result: Extract<ApiResult<unknown>, { ok: false }>,
  ) {
    return this.redirectError(method, serverMessage(result, fallback), result.headers);
  }

  redirectError(method: CheckoutMethod, message: string, headers?: Headers) {
    const { target, coupon } = this;
    return redirectWithNotification(
      resultPath('error', method, target.period, target.product, coupon),
      notify('error', message),
      headers ? { headers } : {},
    );
  }

  async succeeded(method: CheckoutMethod, answer: PayResponse, headers?: Headers) {
    const { client, target, coupon } = this;
    // A change for the period end bought nothing: no Purchase, and the billing page, where it
    // shows as the next plan, is the result (issue 29).
    if (answer.scheduled) {
      return redirectWithNotification(
        pagePaths.billing,
        notify('success', answer.message ?? billingMessages.paymentSuccess),
        headers ? { headers } : {},
      );
    }
    const bought = answer.plan;
    const value = bought ? bought.monthlyPrice * bought.months : NaN;
    if (Number.isFinite(value)) {
      await track(client, 'Purchase', {
        product: bought?.product ?? target.product,
        plan: bought?.period ?? target.period,
        value: Math.round(value * 100) / 100,
        currency: 'USD',
        invoice: answer.invoiceExternalId ?? null,
      });
    }
    const message =
      target.kind === 'upgrade'
        ? billingMessages.upgraded(planTitleOf(bought?.product ?? target.product))
        : billingMessages.paymentSuccess;
    return redirectWithNotification(
      resultPath(
        'success',
        method,
        bought?.period ?? target.period,
        bought?.product ?? target.product,
        coupon,
      ),
      notify('success', message),
      headers ? { headers } : {},
    );
  }
}

function planTitleOf(product: ProductName): string {
  return product.charAt(0).toUpperCase() + product.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Pending 3-D Secure (§4): the warning for 24 hours, and the resume through handle3ds.

/** The pending payment's dialog (its warning and its 3-D Secure step). */
export const PENDING_PAYMENT_PATH = '/pay/pending';

/** When the warning started (epoch ms); it shows for PENDING_WARNING_MS from there. */
export const PENDING_WARNING_COOKIE = 'animata_pending_3ds';
export const PENDING_WARNING_MS = 86_400_000;

const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${
  process.env.NODE_ENV === 'production' ? '; Secure' : ''
}`;

export function clearPendingWarning(): string {
  return `${PENDING_WARNING_COOKIE}=; Max-Age=0; ${cookieAttributes}`;
}

export interface PendingWarning {
  planName: string;
  message: string;
  startedAt: number;
}

/**
 * The pending payment's warning for a customer whose payment waits for 3-D Secure, and the
 * cookie that records when it started (set once). Null when nothing is pending or 24 hours
 * have passed since the warning first showed. For any loader that shows PendingPaymentWarning.
 */
export function pendingWarningFor(
  request: Request,
  customer: Pick<Customer, 'is3DSPending' | 'subscription'>,
  now: number = Date.now(),
): { warning: PendingWarning | null; setCookie: string | null } {
  const pending = customer.subscription.pending;
  if (!customer.is3DSPending || !pending?.payment) {
    const stale = requestCookie(request, PENDING_WARNING_COOKIE) !== null;
    return { warning: null, setCookie: stale ? clearPendingWarning() : null };
  }
  const stored = Number(requestCookie(request, PENDING_WARNING_COOKIE));
  const startedAt = Number.isFinite(stored) && stored > 0 ? stored : now;
  const setCookie =
    startedAt === now
      ? `${PENDING_WARNING_COOKIE}=${startedAt}; Max-Age=${PENDING_WARNING_MS / 1000}; ${cookieAttributes}`
      : null;
  if (now - startedAt >= PENDING_WARNING_MS) return { warning: null, setCookie };
  return {
    warning: {
      planName: pending.planName,
      message: billingMessages.pendingPayment(pending.planName),
      startedAt,
    },
    setCookie,
  };
}

/** /pay/pending: the waiting payment's warning and its 3-D Secure step. */
export async function loadPendingPayment(request: Request, context: AppLoadContext) {
  await requireCustomer(request, context);
  const client = api(request, context);
  const customer = (await client.expect(client.call(endpoints.customer.get))).customer;
  const pending = customer.subscription.pending;
  const payment = pending?.payment;
  if (!customer.is3DSPending || !pending || !payment) {
    throw redirect(pagePaths.pricing, { headers: { 'set-cookie': clearPendingWarning() } });
  }
  const { warning, setCookie } = pendingWarningFor(request, customer);
  const config = await client.call(endpoints.pricing.paymentConfig);
  return {
    body: {
      warning: warning ?? {
        planName: pending.planName,
        message: billingMessages.pendingPayment(pending.planName),
        startedAt: Date.now(),
      },
      payment,
      config: config.ok ? config.data : { stripePublishableKey: null, braintreeClientToken: null },
      closeTo: pagePaths.home,
    },
    /** The warning's start, set once. */
    headers: new Headers(setCookie ? { 'set-cookie': setCookie } : {}),
  };
}

/** The pending payment's challenge answered: handle3ds, then the result; the cookie cleared. */
export async function pendingPaymentAction(request: Request, context: AppLoadContext) {
  await requireCustomer(request, context);
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const client = api(request, context);
  const customer = (await client.expect(client.call(endpoints.customer.get))).customer;
  const pending = customer.subscription.pending;
  if (!pending)
    throw redirect(pagePaths.pricing, { headers: { 'set-cookie': clearPendingWarning() } });
  const target: CheckoutTarget = {
    kind: 'pay',
    period: pending.plan,
    product: pending.product,
    method: null,
  };
  const finish = new PaymentFinisher(client, target, null);
  const response = await finish.afterChallenge(read.form);
  response.headers.append('set-cookie', clearPendingWarning());
  return response;
}
