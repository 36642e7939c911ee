import { billingMessages, SANDBOX_WALLET_NONCES } from '@animata/contracts';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../utils/use-hydrated.js';
import { FormNotice } from '../../ui/form-notice.js';
import { SubmitButton } from '../../ui/submit-button.js';

interface WalletFormProps {
  /** Braintree's client token; null runs the sandbox wallet. */
  clientToken: string | null;
  fields: Record<string, string>;
  notice: string | undefined;
}

/** The billing-agreement nonce Braintree documents for a vaulted PayPal account. */
const SANDBOX_NONCE = SANDBOX_WALLET_NONCES[1];

/**
 * The wallet step (PayPal): the Braintree drop-in with a client token; otherwise the sandbox's
 * button, which sends Braintree's documented test nonce. A wallet failure shows 'Payment
 * failed. Please check your Paypal Account!'; a cancelled PayPal window just stops loading.
 */
export function WalletForm({ clientToken, fields, notice }: WalletFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  if (clientToken) return <DropIn clientToken={clientToken} fields={fields} notice={notice} />;
  return (
    <Form method="post" className="wallet-form" aria-label="PayPal">
      {Object.entries({ ...fields, method: 'paypal', source: SANDBOX_NONCE }).map(
        ([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ),
      )}
      <FormNotice>{notice}</FormNotice>
      <SubmitButton name="intent" value="pay-wallet" variant="ghost" block pending={busy}>
        Pay with PayPal (sandbox)
      </SubmitButton>
    </Form>
  );
}

function DropIn({ clientToken, fields, notice }: WalletFormProps & { clientToken: string }) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<{
    requestPaymentMethod(): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  } | null>(null);
  const submit = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (!hydrated || !container.current) return undefined;
    let live = true;
    const element = container.current;
    void import('braintree-web-drop-in')
      .then((module) =>
        module.default.create({
          authorization: clientToken,
          container: element,
          paypal: { flow: 'vault' },
          card: false,
        }),
      )
      .then((created) => {
        if (!live) return void created.teardown();
        instance.current = created;
      })
      .catch(() => live && setError(billingMessages.walletFailed));
    return () => {
      live = false;
      void instance.current?.teardown();
      instance.current = null;
    };
  }, [hydrated, clientToken]);

  if (!hydrated) return <p className="form-notice">PayPal needs JavaScript.</p>;
  return (
    <div className="wallet-form">
      <div ref={container} />
      <FormNotice>{error ?? notice}</FormNotice>
      <button
        type="button"
        className="button button--ghost button--block paypal-button"
        disabled={working}
        onClick={() => {
          const dropin = instance.current;
          if (!dropin) return;
          setWorking(true);
          setError(null);
          dropin
            .requestPaymentMethod()
            .then(({ nonce }) => {
              submit(
                { ...fields, method: 'paypal', source: nonce, intent: 'pay-wallet' },
                { method: 'post' },
              );
            })
            .catch((reason: unknown) => {
              // A closed PayPal window only stops the loading (§8).
              const cancelled =
                reason instanceof Error &&
                /cancel|closed/i.test(`${reason.name} ${reason.message}`);
              if (!cancelled) setError(billingMessages.walletFailed);
            })
            .finally(() => setWorking(false));
        }}
      >
        Pay with PayPal
      </button>
    </div>
  );
}
