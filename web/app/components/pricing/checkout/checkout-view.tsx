import { billingMessages, formatCents } from '@animata/contracts';
import { Form, useNavigation } from '@remix-run/react';
import type { TwoFactorState } from '../../../utils/two-factor.server.js';
import type {
  CheckoutActionData,
  CheckoutLoaderData,
  PaymentState,
} from '../../../utils/checkout.server.js';
import { TwoFactorPanel } from '../../auth/two-factor-panel.js';
import { FormNotice } from '../../ui/form-notice.js';
import { SubmitButton } from '../../ui/submit-button.js';
import { CardForm } from './card-form.js';
import { CheckoutDialog } from './checkout-dialog.js';
import { OrderSummary } from './order-summary.js';
import { ThreeDSecure } from './three-d-secure.js';
import { WalletForm } from './wallet-form.js';

function paymentFields(state: PaymentState): Record<string, string> {
  return {
    method: state.method,
    source: state.source,
    payment: String(state.payment),
    extraSlots: String(state.extraSlots),
  };
}

/**
 * The checkout ('Checkout') and upgrade ('Updating subscription') dialogs' content: the order,
 * then the step the last post left: the payment forms, the two-factor dialog, or the 3-D Secure
 * confirmation. The result (success or error) is the pricing page the action redirects to.
 */
export function CheckoutView({
  data,
  result,
}: {
  data: CheckoutLoaderData;
  result: CheckoutActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const base = {
    payment: String(data.preview.payment.amount),
    extraSlots: String(data.extraSlots),
  };
  const amount = formatCents(data.preview.payment.amount, { cents: 'always' });
  const scheduled = data.scheduled;
  const newPlan = data.plan.title;
  const challenge = result?.step === '3ds' ? result : null;
  const twoFactor: { state: TwoFactorState; payment: PaymentState } | null =
    result?.step === 'two-factor' ? { state: result.twoFactor, payment: result.payment } : null;
  const form = result?.step === 'form' ? result : null;

  return (
    <CheckoutDialog title={data.title} closeTo={data.closeTo} closable={!challenge}>
      <OrderSummary data={data} locked={challenge !== null || twoFactor !== null} />
      {challenge ? (
        <ThreeDSecure
          challenge={challenge.challenge}
          publishableKey={data.config.stripePublishableKey}
          fields={paymentFields(challenge.payment)}
        />
      ) : data.target.kind === 'upgrade' ? (
        <Form method="post" className="upgrade-form">
          {Object.entries({ ...base, method: data.target.method ?? 'card' }).map(
            ([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ),
          )}
          <FormNotice>{form?.notice}</FormNotice>
          <SubmitButton
            name="intent"
            value="upgrade"
            block
            pending={busy}
            pendingLabel={
              <>
                <span className="spinner" aria-hidden="true" /> Processing…
              </>
            }
          >
            {scheduled
              ? billingMessages.scheduledButton(newPlan, scheduled.startsOn)
              : `Upgrade and pay ${amount}`}
          </SubmitButton>
        </Form>
      ) : (
        <div className="payment-methods">
          <h3 className="payment-methods__title">Pay by card</h3>
          <CardForm
            publishableKey={data.config.stripePublishableKey}
            fields={base}
            payLabel={`Pay ${amount}`}
            serverErrors={form?.method === 'card' ? form.fieldErrors : undefined}
            values={form?.method === 'card' ? form.values : undefined}
            notice={form?.method === 'card' ? form.notice : undefined}
          />
          <p className="payment-methods__or">
            <span>or</span>
          </p>
          <WalletForm
            clientToken={data.config.braintreeClientToken}
            fields={base}
            notice={form?.method === 'paypal' ? form.notice : undefined}
          />
        </div>
      )}
      {twoFactor ? (
        <TwoFactorPanel state={twoFactor.state} extraFields={paymentFields(twoFactor.payment)} />
      ) : null}
      <p className="checkout-legal muted">
        {scheduled
          ? billingMessages.scheduledNote(
              scheduled.current,
              newPlan,
              scheduled.startsOn,
              scheduled.price,
            )
          : data.target.kind === 'upgrade'
            ? 'The new plan starts now; you pay the difference for the rest of this period.'
            : 'Renews automatically. Cancel any time on the billing page.'}
      </p>
    </CheckoutDialog>
  );
}
