import {
  billingMessages,
  cardFormMessages,
  formatCardNumber,
  formatExpiry,
  SANDBOX_CARD_LIST,
  validateSandboxCard,
  type CardFormErrors,
  type CardFormValues,
} from '@animata/contracts';
import type { StripeCardElement } from '@stripe/stripe-js';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../../utils/use-hydrated.js';
import { FormNotice } from '../../ui/form-notice.js';
import { SubmitButton } from '../../ui/submit-button.js';
import { useStripe } from './use-stripe.js';

interface CardFormProps {
  /** Stripe's publishable key; null runs the sandbox card form. */
  publishableKey: string | null;
  /** Hidden fields that go with the payment (payment, extraSlots). */
  fields: Record<string, string>;
  payLabel: string;
  serverErrors: CardFormErrors | undefined;
  /** What a refused post without JavaScript sends back (number and expiry). */
  values?: { number: string; expiry: string } | undefined;
  notice: string | undefined;
  /** The submit's intent: 'pay-card' in the checkout, 'change-card' on the billing page. */
  intent?: string;
  /** Shown after the submit button (the billing page's Cancel). */
  after?: ReactNode;
}

/** The card step: Stripe Elements with a publishable key, the sandbox card form without. */
export function CardForm(props: CardFormProps) {
  return props.publishableKey ? (
    <StripeCardForm {...props} publishableKey={props.publishableKey} />
  ) : (
    <SandboxCardForm {...props} />
  );
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

function CardInput({
  label,
  name,
  value,
  error,
  hydrated,
  onChange,
  onBlur,
  ...input
}: {
  label: string;
  name: keyof CardFormValues;
  value: string;
  error: string | undefined;
  hydrated: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
  placeholder: string;
  autoComplete: string;
  maxLength: number;
}) {
  const id = useId();
  return (
    <div className={`field card-field card-field--${name}${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          // With JavaScript the card stays in the browser: only the test id it maps to is posted.
          name={hydrated ? undefined : name}
          inputMode="numeric"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          {...input}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The sandbox card form (the embedded default when no Stripe key is set), labelled as such and
 * listing the three test cards. Without JavaScript it posts the card fields and the action maps
 * the number to Stripe's test payment-method id; with it the same mapping runs here and only the
 * id is posted.
 */
function SandboxCardForm({
  fields,
  payLabel,
  serverErrors,
  values: sent,
  notice,
  intent = 'pay-card',
  after,
}: CardFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const source = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<CardFormValues>({
    number: sent?.number ?? '',
    expiry: sent?.expiry ?? '',
    cvc: '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof CardFormValues, boolean>>>({});
  const [shownServer, setShownServer] = useState(serverErrors ?? {});
  useEffect(() => setShownServer(serverErrors ?? {}), [serverErrors]);
  const live = validateSandboxCard(values).errors;
  const errorOf = (name: keyof CardFormValues) =>
    (touched[name] ? live[name] : undefined) ?? shownServer[name];
  const set = (name: keyof CardFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setShownServer((s) => ({ ...s, [name]: undefined }));
  };
  const touch = (name: keyof CardFormValues) => setTouched((t) => ({ ...t, [name]: true }));

  return (
    <Form
      method="post"
      className="card-form"
      noValidate
      aria-label="Card"
      onSubmit={(event) => {
        setTouched({ number: true, expiry: true, cvc: true });
        const checked = validateSandboxCard(values);
        if (busy || !checked.source) {
          event.preventDefault();
          return;
        }
        if (source.current) source.current.value = checked.source;
      }}
    >
      <Hidden fields={{ ...fields, method: 'card' }} />
      <input ref={source} type="hidden" name="source" defaultValue="" />
      <div className="sandbox-notice" role="note">
        <p className="sandbox-notice__title">
          <span className="sandbox-badge">Sandbox</span> {billingMessages.sandboxNotice}
        </p>
        <p className="sandbox-notice__list-title">{cardFormMessages.sandboxTitle}</p>
        <ul className="sandbox-cards">
          {SANDBOX_CARD_LIST.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
        <p className="muted">Any future expiry date and any three-digit CVC.</p>
      </div>
      <CardInput
        label="Card number"
        name="number"
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        maxLength={19}
        hydrated={hydrated}
        value={values.number}
        error={errorOf('number')}
        onChange={(value) => set('number', formatCardNumber(value))}
        onBlur={() => values.number && touch('number')}
      />
      <div className="card-form__row">
        <CardInput
          label="Expiry (MM / YY)"
          name="expiry"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          maxLength={7}
          hydrated={hydrated}
          value={values.expiry}
          error={errorOf('expiry')}
          onChange={(value) =>
            set('expiry', value.length < values.expiry.length ? value : formatExpiry(value))
          }
          onBlur={() => values.expiry && touch('expiry')}
        />
        <CardInput
          label="CVC"
          name="cvc"
          placeholder="CVC"
          autoComplete="cc-csc"
          maxLength={4}
          hydrated={hydrated}
          value={values.cvc}
          error={errorOf('cvc')}
          onChange={(value) => set('cvc', value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => values.cvc && touch('cvc')}
        />
      </div>
      <FormNotice>{notice}</FormNotice>
      <SubmitButton
        name="intent"
        value={intent}
        block
        pending={busy}
        pendingLabel={
          <>
            <span className="spinner" aria-hidden="true" /> Processing…
          </>
        }
      >
        {payLabel}
      </SubmitButton>
      {after}
    </Form>
  );
}

/**
 * Stripe Elements' card element: the card goes to Stripe only; createPaymentMethod gives the
 * payment-method id the form posts as `source`. Without JavaScript there is no card form.
 */
function StripeCardForm({
  publishableKey,
  fields,
  payLabel,
  notice,
  intent = 'pay-card',
  after,
}: CardFormProps & { publishableKey: string }) {
  const hydrated = useHydrated();
  const stripe = useStripe(hydrated ? publishableKey : null);
  const mount = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const busy = working || navigation.state !== 'idle';

  useEffect(() => {
    if (!stripe || !mount.current) return undefined;
    const element = stripe.elements().create('card', { hidePostalCode: true });
    element.mount(mount.current);
    element.on('change', (event) => setError(event.error?.message ?? null));
    card.current = element;
    return () => {
      element.destroy();
      card.current = null;
    };
  }, [stripe]);

  if (!hydrated)
    return (
      <>
        <p className="form-notice">{cardFormMessages.needsJavaScript}</p>
        {after}
      </>
    );
  return (
    <Form
      ref={form}
      method="post"
      className="card-form"
      aria-label="Card"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !stripe || !card.current) return;
        setWorking(true);
        void stripe.createPaymentMethod({ type: 'card', card: card.current }).then((result) => {
          setWorking(false);
          if (result.error || !result.paymentMethod) {
            setError(result.error?.message ?? billingMessages.unknownError);
            return;
          }
          submit(
            { ...fields, method: 'card', source: result.paymentMethod.id, intent },
            { method: 'post' },
          );
        });
      }}
    >
      <div className="field">
        <span className="field__label">Card</span>
        <div ref={mount} className="stripe-card" />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <FormNotice>{notice}</FormNotice>
      <SubmitButton block pending={busy} disabled={!stripe}>
        {payLabel}
      </SubmitButton>
      {after}
    </Form>
  );
}
