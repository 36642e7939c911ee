import {
  billingMessages,
  billingPageTexts,
  CANCEL_REASON_CODES,
  cancelReasonValid,
  catalogueMessages,
  endpoints,
  pagePaths,
  validateSandboxCard,
  type CardFormErrors,
  type Customer,
  type PaymentConfigResponse,
} from '@animata/contracts';
import { data, type AppLoadContext } from '@remix-run/node';
import { api, type Api, type ApiFailure } from '../api.server.js';
import { requireCustomer } from '../auth.server.js';
import { readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { openTwoFactor, runTwoFactorStep, type TwoFactorState } from '../two-factor.server.js';
import { BILLING_CANCELED_PARAM } from './billing-view.js';

/*
 * The billing page's loader and its one action (billing-teams-apps §2, §4, §5, §7, §8; issue
 * 30). Every control is a form post with an `intent`, so the page works without JavaScript;
 * each success goes back to /billing with its notification (a snackbar), a refusal comes back
 * onto its form.
 */

export interface BillingLoaderData {
  config: PaymentConfigResponse;
  /** Just canceled: the downgrade limits of §9 are listed. */
  justCanceled: boolean;
}

export async function loadBilling(
  request: Request,
  context: AppLoadContext,
): Promise<BillingLoaderData> {
  await requireCustomer(request, context);
  const client = api(request, context);
  const config = await client.call(endpoints.pricing.paymentConfig);
  const url = new URL(request.url);
  return {
    config: config.ok ? config.data : { stripePublishableKey: null, braintreeClientToken: null },
    justCanceled: url.searchParams.has(BILLING_CANCELED_PARAM),
  };
}

export type BillingActionData =
  | {
      intent: 'card';
      step: 'form';
      fieldErrors?: CardFormErrors;
      /** A refused sandbox card's number and expiry, shown again (never the CVC). */
      values?: { number: string; expiry: string };
      notice?: string;
    }
  | { intent: 'card'; step: 'two-factor'; twoFactor: TwoFactorState; source: string }
  | {
      intent: 'info';
      fieldErrors: { name?: string; details?: string };
      notice?: string;
      values: { name: string; details: string };
    }
  | { intent: 'cancel'; notice: string; values: { code: string; text: string } }
  | { intent: ''; notice: string };

/** The gateway whose calls manage the customer's subscription. */
function gatewayOf(customer: Pick<Customer, 'subscription'>) {
  return customer.subscription.paymentMethod === 'paypal' ? endpoints.paypal : endpoints.stripe;
}

/** The server's own words for a refusal, or `fallback` for the catalogue's generic ones. */
function messageOf(failure: ApiFailure, fallback: string): string {
  const generic: string[] = [
    catalogueMessages.unknownError,
    catalogueMessages.internalServerError,
    catalogueMessages.notFound,
    '',
  ];
  return generic.includes(failure.error.notice) ? fallback : failure.error.notice;
}

const back = (
  type: 'success' | 'error',
  message: string,
  to: string = pagePaths.billing,
  headers?: Headers,
) => redirectWithNotification(to, notify(type, message), headers ? { headers } : {});

export async function billingAction(request: Request, context: AppLoadContext) {
  await requireCustomer(request, context);
  const read = await readForm(request);
  if (!read.ok) {
    return data<BillingActionData>({ intent: '', notice: read.notice }, { status: read.status });
  }
  const form = read.form;
  const client = api(request, context);
  const { customer } = await client.expect(client.call(endpoints.customer.get));
  const intent = textField(form, 'intent');

  // The card's two-factor dialog (§2, §4): its steps, then the change repeated with the token.
  const step = await runTwoFactorStep(form, client, 'payment');
  if (step.kind === 'cancelled') return data<BillingActionData>({ intent: 'card', step: 'form' });
  if (step.kind === 'pending') {
    return data<BillingActionData>(
      {
        intent: 'card',
        step: 'two-factor',
        twoFactor: step.state,
        source: textField(form, 'source'),
      },
      { status: step.status, headers: step.headers },
    );
  }
  if (step.kind === 'verified')
    return changeCard(client, customer, textField(form, 'source'), step.token);

  switch (intent) {
    case 'change-card': {
      let source = textField(form, 'source');
      if (!source) {
        // Without JavaScript the sandbox form posts the card; it is mapped here, never sent on.
        const card = { number: textField(form, 'number'), expiry: textField(form, 'expiry') };
        const checked = validateSandboxCard({ ...card, cvc: textField(form, 'cvc') });
        if (!checked.source) {
          return data<BillingActionData>(
            { intent: 'card', step: 'form', fieldErrors: checked.errors, values: card },
            { status: 422 },
          );
        }
        source = checked.source;
      }
      return changeCard(client, customer, source, null);
    }
    case 'remove-method': {
      const result = await client.call(gatewayOf(customer).removePaymentMethod);
      if (result.ok) return back('success', billingMessages.paymentMethodRemoved);
      if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
      return back('error', billingMessages.removePaymentFailed);
    }
    case 'billing-info': {
      const values = { name: textField(form, 'name'), details: textField(form, 'details') };
      const result = await client.call(endpoints.customer.billingInfo, values, {
        knownFields: ['name', 'details'],
      });
      if (result.ok) return back('success', billingMessages.billingInfoChanged);
      if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
      return data<BillingActionData>(
        {
          intent: 'info',
          fieldErrors: result.error.fieldErrors,
          notice: result.error.notice,
          values,
        },
        { status: result.status === 429 ? 429 : 422 },
      );
    }
    case 'cancel': {
      const values = { code: textField(form, 'reason'), text: textField(form, 'reasonText') };
      const code = Number(values.code);
      const known = values.code !== '' && (CANCEL_REASON_CODES as readonly number[]).includes(code);
      if (!known || !cancelReasonValid(code, values.text)) {
        return data<BillingActionData>(
          {
            intent: 'cancel',
            notice: known ? billingPageTexts.minimumHint : billingPageTexts.chooseReason,
            values,
          },
          { status: 422 },
        );
      }
      const result = await client.call(gatewayOf(customer).cancelSubscription, {
        reason: code === 0 ? { code, text: values.text.trim() } : { code },
      });
      if (result.ok) {
        return back(
          'success',
          billingMessages.subscriptionCanceled,
          `${pagePaths.billing}?${BILLING_CANCELED_PARAM}`,
        );
      }
      if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
      return back('error', messageOf(result, billingMessages.unknownError));
    }
    case 'resume': {
      const result = await client.call(gatewayOf(customer).resumeSubscription);
      if (result.ok) return back('success', billingPageTexts.subscriptionResumed);
      if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
      return back('error', messageOf(result, billingMessages.unknownError));
    }
    default:
      return data<BillingActionData>(
        { intent: '', notice: billingMessages.unknownError },
        { status: 400 },
      );
  }
}

/** POST stripe/change-card: 'Card changed', the two-factor dialog, or the card's refusal. */
async function changeCard(
  client: Api,
  customer: Pick<Customer, 'email'>,
  source: string,
  tfaToken: string | null,
) {
  const result = await client.call(endpoints.stripe.changeCard, {
    source,
    ...(tfaToken ? { tfa_token: tfaToken } : {}),
  });
  if (!result.ok) {
    if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
    return data<BillingActionData>(
      { intent: 'card', step: 'form', notice: messageOf(result, billingMessages.unknownError) },
      { status: result.status === 429 ? 429 : 422, headers: result.headers },
    );
  }
  if (result.data.tfa_required) {
    // The BFF's two-factor attempt cookie goes to the browser and comes back with the retry.
    return data<BillingActionData>(
      {
        intent: 'card',
        step: 'two-factor',
        twoFactor: openTwoFactor('payment', customer.email),
        source,
      },
      { headers: result.headers },
    );
  }
  return back('success', billingMessages.cardChanged, pagePaths.billing, result.headers);
}
