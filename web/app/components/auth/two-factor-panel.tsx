import { normaliseTwoFactorCode, TFA_MAX_SENDS, twoFactorMessages } from '@animata/contracts';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { TwoFactorState } from '../../utils/two-factor.server.js';
import { useFocusFirstError } from '../ui/field-state.js';
import { FormNotice } from '../ui/form-notice.js';
import { SubmitButton } from '../ui/submit-button.js';
import { TextField } from '../ui/text-field.js';

/** Seconds until `at`, ticking every second while JavaScript runs. */
function useSecondsUntil(at: number, enabled: boolean): number {
  const compute = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(enabled ? compute : 0);
  useEffect(() => {
    if (!enabled) return undefined;
    setSeconds(compute());
    const timer = window.setInterval(() => setSeconds(compute()), 1000);
    return () => window.clearInterval(timer);
    // compute reads only `at`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, enabled]);
  return seconds;
}

/**
 * The Two-Factor Authentication dialog (billing-teams-apps §2): choose contact, send e-mail,
 * enter code, accepted. Every step is a form post, so it works without JavaScript; with it, the
 * dialog is modal, Escape cancels, the resend countdown ticks, the code's format is checked as
 * it is typed and the accepted step continues by itself.
 *
 * The code field has no native `pattern` or `required`: the browser's own 'Please match the
 * requested format.' would speak instead of the spec's 'Code must be a 6 digits long number.'
 * (§5), which the server answers without JavaScript and the form shows live with it.
 */
export function TwoFactorPanel({
  state,
  extraFields,
}: {
  state: TwoFactorState;
  extraFields: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const dialog = useRef<HTMLDialogElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const seconds = useSecondsUntil(state.resendAt, hydrated);
  const cancel = useRef<HTMLFormElement>(null);
  const accepted = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [codeTouched, setCodeTouched] = useState(false);
  const codeLive =
    codeTouched && normaliseTwoFactorCode(code) === null ? twoFactorMessages.codeFormat : undefined;
  const focus = useFocusFirstError(state, state.codeError !== null);

  useEffect(() => {
    setHydrated(true);
    // Rendered open (so it shows without JavaScript); reopened as a modal: focus stays inside,
    // the page behind is inert and Escape cancels.
    const element = dialog.current;
    if (element && typeof element.showModal === 'function' && !element.matches(':modal')) {
      element.close();
      element.showModal();
    }
  }, []);

  // The accepted step: 'Code accepted' shows while the form's request is repeated with the token.
  // Once per verified token, and only when the code's post has settled (its revalidation
  // included): a submit that interrupts a request makes the router abort it mid-flight.
  const continued = useRef<string | null>(null);
  useEffect(() => {
    if (state.step !== 'accepted' || busy || continued.current === state.token) return;
    continued.current = state.token;
    accepted.current?.requestSubmit();
  }, [state, busy]);

  const limitReached = state.sends >= TFA_MAX_SENDS;
  const resendLabel = limitReached
    ? twoFactorMessages.resendLimit
    : state.sends === 0
      ? twoFactorMessages.sendEmail
      : hydrated && seconds > 0
        ? twoFactorMessages.resendIn(seconds)
        : twoFactorMessages.resendEmail;

  const hidden = (
    <>
      {Object.entries(extraFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="tfaSends" value={state.sends} />
      <input type="hidden" name="tfaResendAt" value={state.resendAt} />
    </>
  );

  return (
    <dialog
      ref={dialog}
      open
      className="dialog"
      aria-labelledby="tfa-title"
      onCancel={(event) => {
        event.preventDefault();
        cancel.current?.requestSubmit();
      }}
    >
      <h2 id="tfa-title">{twoFactorMessages.title}</h2>
      {state.step === 'send' ? (
        <Form method="post" className="stack">
          {hidden}
          <fieldset className="choice">
            <legend>Where should we send your code?</legend>
            <label className="choice__option">
              <input type="radio" name="contact" value={state.email} defaultChecked required />{' '}
              Email {state.email}
            </label>
          </fieldset>
          <FormNotice>{state.error}</FormNotice>
          <SubmitButton name="intent" value="tfa-send" disabled={busy}>
            {twoFactorMessages.sendEmail}
          </SubmitButton>
        </Form>
      ) : state.step === 'accepted' ? (
        <Form method="post" className="stack" ref={accepted}>
          {hidden}
          <input type="hidden" name="tfaVerified" value={state.token ?? ''} />
          {/* A hidden field, not the button's value: requestSubmit() sends no submitter. */}
          <input type="hidden" name="intent" value="tfa-continue" />
          <p className="tfa-accepted" role="status">
            <span aria-hidden="true">✓</span> {twoFactorMessages.accepted}
          </p>
          <SubmitButton
            block
            pending={busy}
            pendingLabel={
              <>
                <span className="spinner" aria-hidden="true" /> {twoFactorMessages.continue}
              </>
            }
          >
            {twoFactorMessages.continue}
          </SubmitButton>
        </Form>
      ) : (
        <>
          <p className="muted">{twoFactorMessages.codeSent.replace('{email}', state.email)}</p>
          <Form
            method="post"
            className="stack"
            noValidate
            ref={focus.formRef}
            onSubmit={(event) => {
              setCodeTouched(true);
              if (busy || normaliseTwoFactorCode(code) === null) {
                event.preventDefault();
                if (!busy) focus.refused();
              }
            }}
          >
            {hidden}
            <input type="hidden" name="tfaToken" value={state.token ?? ''} />
            <TextField
              label={twoFactorMessages.codeLabel}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              autoFocus
              error={codeLive}
              serverError={state.codeError ?? undefined}
              onValueChange={setCode}
              onBlur={() => {
                if (code !== '') setCodeTouched(true);
              }}
            />
            <FormNotice>{state.error}</FormNotice>
            <SubmitButton name="intent" value="tfa-code" disabled={busy}>
              {twoFactorMessages.verifyCode}
            </SubmitButton>
          </Form>
          <Form method="post">
            {hidden}
            <input type="hidden" name="tfaToken" value={state.token ?? ''} />
            <SubmitButton
              name="intent"
              value="tfa-send"
              variant="ghost"
              block
              disabled={busy || limitReached || (hydrated && seconds > 0)}
            >
              {resendLabel}
            </SubmitButton>
          </Form>
        </>
      )}
      <Form method="post" ref={cancel}>
        {Object.entries(extraFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="email" value={state.email} />
        <SubmitButton name="intent" value="tfa-cancel" variant="link">
          {twoFactorMessages.cancel}
        </SubmitButton>
      </Form>
    </dialog>
  );
}
