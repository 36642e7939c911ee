import { cardFormMessages, type PendingPayment } from '@animata/contracts';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useHydrated } from '../../../utils/use-hydrated.js';
import { SubmitButton } from '../../ui/submit-button.js';
import { useStripe } from './use-stripe.js';

interface ThreeDSecureProps {
  challenge: PendingPayment;
  publishableKey: string | null;
  /** Hidden fields that go with the answer. */
  fields: Record<string, string>;
}

/**
 * The 3-D Secure confirmation (§4): Stripe's own (confirmCardPayment opens the bank's page)
 * when the payment went through Stripe; in the sandbox a step that looks like Stripe's test
 * authentication page, whose two buttons post the answer. Either way the action then asks the
 * server to handle the result (handle3ds).
 */
export function ThreeDSecure({ challenge, publishableKey, fields }: ThreeDSecureProps) {
  if (challenge.gateway === 'stripe' && publishableKey) {
    return (
      <StripeConfirmation challenge={challenge} publishableKey={publishableKey} fields={fields} />
    );
  }
  return <SandboxChallenge challenge={challenge} fields={fields} />;
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function SandboxChallenge({ challenge, fields }: Omit<ThreeDSecureProps, 'publishableKey'>) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const answer = (outcome: 'complete' | 'fail', label: string, variant: 'primary' | 'ghost') => (
    <Form method="post" className="three-ds__answer">
      <Hidden
        fields={{
          ...fields,
          clientSecret: challenge.clientSecret,
          paymentIntentId: challenge.id,
          outcome,
        }}
      />
      <SubmitButton name="intent" value="3ds-sandbox" variant={variant} block disabled={busy}>
        {label}
      </SubmitButton>
    </Form>
  );
  return (
    <section className="three-ds" aria-labelledby="three-ds-title">
      <p className="three-ds__brand">
        <span className="sandbox-badge">Sandbox</span> Test bank
      </p>
      <h3 id="three-ds-title">3D Secure 2 Test Page</h3>
      <p>
        This is a test page for 3D Secure 2 authentication. In live mode your bank would ask you to
        confirm this payment here. Complete or fail the authentication to continue.
      </p>
      <div className="three-ds__buttons">
        {answer('complete', 'Complete authentication', 'primary')}
        {answer('fail', 'Fail authentication', 'ghost')}
      </div>
    </section>
  );
}

function StripeConfirmation({
  challenge,
  publishableKey,
  fields,
}: ThreeDSecureProps & { publishableKey: string }) {
  const hydrated = useHydrated();
  const stripe = useStripe(hydrated ? publishableKey : null);
  const submit = useSubmit();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!stripe || started.current === challenge.id) return;
    started.current = challenge.id;
    void stripe.confirmCardPayment(challenge.clientSecret).then((result) => {
      submit(
        {
          ...fields,
          intent: '3ds-result',
          paymentIntentId: result.paymentIntent?.id ?? challenge.id,
          error: result.error?.message ?? '',
        },
        { method: 'post' },
      );
    });
  }, [stripe, challenge, fields, submit]);

  if (!hydrated) return <p className="form-notice">{cardFormMessages.needsJavaScript}</p>;
  return (
    <p className="three-ds__waiting" role="status">
      <span className="spinner" aria-hidden="true" /> Waiting for your bank’s confirmation…
    </p>
  );
}
