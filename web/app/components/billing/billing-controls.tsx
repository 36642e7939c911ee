import {
  BILLING_DETAILS_MAX_LENGTH,
  billingInfoErrors,
  billingInfoLabels,
  billingPageTexts,
  CANCEL_REASON_MAX_LENGTH,
  CANCEL_REASONS,
  cancelReasonValid,
  DOWNGRADE_LIMITS,
  pagePaths,
  type Customer,
  type PaymentConfigResponse,
} from '@animata/contracts';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import type { BillingActionData } from '../../utils/billing/billing-page.server.js';
import { billingModePath } from '../../utils/billing/billing-view.js';
import { useHydrated } from '../../utils/use-hydrated.js';
import { TwoFactorPanel } from '../auth/two-factor-panel.js';
import { billingTexts } from '../pricing/billing-summary.js';
import { CardForm } from '../pricing/checkout/card-form.js';
import { FormNotice } from '../ui/form-notice.js';
import { lostConnectionNotice } from '../../utils/form-connection.js';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';
import { ModalDialog } from './modal-dialog.js';

const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;

/** Back to the page without its mode: a link, so it works without JavaScript. */
function CancelLink({ block = false }: { block?: boolean }) {
  return (
    <Link
      to={pagePaths.billing}
      className={`button button--ghost${block ? ' button--block' : ''}`}
      preventScrollReset
      replace
    >
      {billingPageTexts.cancel}
    </Link>
  );
}

/** A link that opens one of the page's modes (`?edit=card`, `?confirm=cancel`…). */
export function ModeLink({
  mode,
  children,
  variant = 'ghost',
}: {
  mode: Parameters<typeof billingModePath>[0];
  children: string;
  variant?: 'ghost' | 'danger' | 'primary';
}) {
  return (
    <Link
      to={billingModePath(mode)}
      className={`button button--${variant} button--small`}
      preventScrollReset
      replace
    >
      {children}
    </Link>
  );
}

/**
 * Change card (§2: view, edit, save, cancel): the gateway's card form (the sandbox's, or Stripe
 * Elements with a key, which needs JavaScript), then the two-factor dialog when the answer
 * asks for it.
 */
export function CardEditor({
  config,
  result,
}: {
  config: PaymentConfigResponse;
  result: BillingActionData | undefined;
}) {
  const card = result?.intent === 'card' ? result : undefined;
  const form = card?.step === 'form' ? card : undefined;
  const twoFactor = card?.step === 'two-factor' ? card : undefined;
  return (
    <div className="billing-card-editor">
      <CardForm
        publishableKey={config.stripePublishableKey}
        fields={{}}
        payLabel={billingPageTexts.saveCard}
        serverErrors={form?.fieldErrors}
        values={form?.values}
        notice={form?.notice}
        intent="change-card"
        after={<CancelLink block />}
      />
      {twoFactor ? (
        <TwoFactorPanel state={twoFactor.twoFactor} extraFields={{ source: twoFactor.source }} />
      ) : null}
    </div>
  );
}

/** Billing info (§5): name ≤ 180, details ≤ 500, checked as typed and again by the server. */
export function BillingInfoEditor({
  customer,
  result,
}: {
  customer: Pick<Customer, 'billing'>;
  result: BillingActionData | undefined;
}) {
  const refused = result?.intent === 'info' ? result : undefined;
  const navigation = useNavigation();
  const [values, setValues] = useState(
    refused?.values ?? { name: customer.billing.name, details: customer.billing.details },
  );
  const [touched, setTouched] = useState({ name: false, details: false });
  const live = billingInfoErrors(values);
  const detailsId = useId();
  const detailsError = (touched.details ? live.details : undefined) ?? refused?.fieldErrors.details;
  return (
    <Form
      method="post"
      action={pagePaths.billing}
      preventScrollReset
      noValidate
      className="billing-info-form"
      aria-label={billingTexts.billingInfo}
      onSubmit={(event) => {
        setTouched({ name: true, details: true });
        if (live.name || live.details) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="billing-info" />
      <TextField
        name="name"
        label={billingInfoLabels.name}
        defaultValue={values.name}
        autoComplete="organization"
        autoFocus
        error={touched.name ? live.name : undefined}
        serverError={refused?.fieldErrors.name}
        onValueChange={(name) => {
          setValues((v) => ({ ...v, name }));
          setTouched((t) => ({ ...t, name: true }));
        }}
      />
      <div className={`field${detailsError ? ' field--invalid' : ''}`}>
        <label htmlFor={detailsId} className="field__label">
          {billingInfoLabels.details}
        </label>
        <textarea
          id={detailsId}
          name="details"
          rows={4}
          className="billing-textarea"
          defaultValue={values.details}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={`${detailsId}-hint${detailsError ? ` ${detailsId}-error` : ''}`}
          onChange={(event) => {
            const details = event.target.value;
            setValues((v) => ({ ...v, details }));
            setTouched((t) => ({ ...t, details: true }));
          }}
        />
        <p id={`${detailsId}-hint`} className="field__hint">
          {billingPageTexts.billingInfoHint}{' '}
          <span className="billing-counter">
            {values.details.trim().length}/{BILLING_DETAILS_MAX_LENGTH}
          </span>
        </p>
        {detailsError ? (
          <p id={`${detailsId}-error`} className="field__error" role="alert">
            {detailsError}
          </p>
        ) : null}
      </div>
      <FormNotice>
        {refused && Object.keys(refused.fieldErrors).length === 0 ? refused.notice : undefined}
      </FormNotice>
      <div className="account-row__buttons">
        <CancelLink />
        <SubmitButton pending={busyWith(navigation, 'billing-info')}>
          {billingPageTexts.save}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** §4: 'Remove payment method' asks first; the server decides whether §4 allows it. */
export function RemoveMethodDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  return (
    <ModalDialog
      open={open}
      title={billingPageTexts.removePaymentMethod}
      onClose={() => navigate(pagePaths.billing, { replace: true, preventScrollReset: true })}
    >
      <div className="confirm-dialog__text">
        <p>{billingPageTexts.removeQuestion}</p>
      </div>
      <Form method="post" action={pagePaths.billing} className="confirm-dialog__buttons">
        <input type="hidden" name="intent" value="remove-method" />
        <CancelLink />
        <SubmitButton variant="danger" autoFocus pending={busyWith(navigation, 'remove-method')}>
          {billingPageTexts.remove}
        </SubmitButton>
      </Form>
    </ModalDialog>
  );
}

/**
 * The Cancel subscription dialog (§2, §5): reasons 1–8 and 'Other' with its text (12 to 1,000
 * characters, 'Minimum 12 characters', a counter); 'Cancel Renewal' stays inactive until the
 * reason is valid (with JavaScript; without, the server answers the same rule).
 */
export function CancelDialog({
  open,
  result,
}: {
  open: boolean;
  result: BillingActionData | undefined;
}) {
  const refused = result?.intent === 'cancel' ? result : undefined;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [code, setCode] = useState<number | null>(
    refused?.values.code ? Number(refused.values.code) : null,
  );
  const [text, setText] = useState(refused?.values.text ?? '');
  const textId = useId();
  const valid = cancelReasonValid(code, text);
  // Without JavaScript the text area is always there (no script can reveal it).
  const showText = !hydrated || code === 0;
  return (
    <ModalDialog
      open={open}
      title={billingPageTexts.cancelSubscription}
      className="cancel-dialog"
      onClose={() => navigate(pagePaths.billing, { replace: true, preventScrollReset: true })}
    >
      <Form method="post" action={pagePaths.billing} className="cancel-dialog__form">
        <input type="hidden" name="intent" value="cancel" />
        <fieldset className="cancel-dialog__reasons">
          <legend>{billingPageTexts.cancelQuestion}</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason.code} className="cancel-dialog__reason">
              <input
                type="radio"
                name="reason"
                value={reason.code}
                defaultChecked={code === reason.code}
                onChange={() => setCode(reason.code)}
              />
              <span>{reason.text}</span>
            </label>
          ))}
        </fieldset>
        {showText ? (
          <div className="field">
            <label htmlFor={textId} className="field__label">
              {billingPageTexts.otherLabel}
            </label>
            <textarea
              id={textId}
              name="reasonText"
              rows={4}
              maxLength={CANCEL_REASON_MAX_LENGTH}
              className="billing-textarea"
              defaultValue={text}
              aria-describedby={`${textId}-hint`}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={`${textId}-hint`} className="field__hint cancel-dialog__hint">
              <span>{billingPageTexts.minimumHint}</span>
              <span className="billing-counter" aria-live="polite">
                {billingPageTexts.counter(text.length)}
              </span>
            </p>
          </div>
        ) : null}
        <FormNotice>{refused?.notice ?? lostConnectionNotice(result)}</FormNotice>
        <div className="confirm-dialog__buttons">
          <Link to={pagePaths.billing} className="button button--ghost" preventScrollReset replace>
            {billingPageTexts.keepSubscription}
          </Link>
          <SubmitButton
            variant="danger"
            disabled={hydrated && !valid}
            pending={busyWith(navigation, 'cancel')}
          >
            {billingPageTexts.cancelRenewal}
          </SubmitButton>
        </div>
      </Form>
    </ModalDialog>
  );
}

/** Before the end date a canceled renewal can be resumed. */
export function ResumeForm() {
  const navigation = useNavigation();
  return (
    <Form method="post" action={pagePaths.billing} preventScrollReset>
      <input type="hidden" name="intent" value="resume" />
      <SubmitButton variant="primary" pending={busyWith(navigation, 'resume')}>
        {billingPageTexts.resumeSubscription}
      </SubmitButton>
    </Form>
  );
}

/** After a cancel (§2, §9): what the plan falls back to when it ends. */
export function DowngradeLimits() {
  return (
    <section className="card billing-limits" aria-labelledby="billing-limits-title">
      <h2 id="billing-limits-title" className="billing-limits__title">
        {billingPageTexts.limitsTitle}
      </h2>
      <ul className="billing-limits__list">
        {DOWNGRADE_LIMITS.map((limit) => (
          <li key={limit}>{limit}</li>
        ))}
      </ul>
    </section>
  );
}
