import {
  endpoints,
  normaliseTwoFactorCode,
  TFA_MAX_SENDS,
  TFA_RESEND_SECONDS,
  twoFactorMessages,
  type TwoFactorAction,
} from '@animata/contracts';
import type { Api } from './api.server.js';

/** The state of the two-factor panel, carried in hidden fields between posts (works without JS). */
export interface TwoFactorState {
  /** The dialog's steps (billing-teams-apps §2): choose contact and send, enter code, accepted. */
  step: 'send' | 'code' | 'accepted';
  action: TwoFactorAction;
  email: string;
  /** The send's token while a code is awaited; the verified token once accepted. */
  token: string | null;
  sends: number;
  /** Epoch ms when the next send is allowed. */
  resendAt: number;
  error: string | null;
  codeError: string | null;
}

export function openTwoFactor(action: TwoFactorAction, email: string): TwoFactorState {
  return {
    step: 'send',
    action,
    email,
    token: null,
    sends: 0,
    resendAt: 0,
    error: null,
    codeError: null,
  };
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function readTwoFactorState(form: FormData, action: TwoFactorAction): TwoFactorState {
  const sends = Math.min(Math.max(Number(field(form, 'tfaSends')) || 0, 0), TFA_MAX_SENDS);
  return {
    step: field(form, 'tfaToken') ? 'code' : 'send',
    action,
    email: field(form, 'email'),
    token: field(form, 'tfaToken') || null,
    sends,
    resendAt: Number(field(form, 'tfaResendAt')) || 0,
    error: null,
    codeError: null,
  };
}

/** 'Send email' or 'Resend email': asks the BFF to mail a code to the contact. */
export async function sendTwoFactorCode(
  client: Api,
  state: TwoFactorState,
): Promise<{ state: TwoFactorState; headers: Headers }> {
  const result = await client.call(endpoints.twoFactor.email, {
    action: state.action,
    contact: state.email,
  });
  if (!result.ok) {
    // A resend refused as too early or over the limit: its text is the button's ('Resend
    // email (42s)', 'Resend limit reached'), so the notice says it as a sentence and the
    // button shows the state.
    if (result.status === 429 && state.step === 'code') {
      const limit = result.error.notice === twoFactorMessages.resendLimit;
      const wait = result.retryAfterSeconds ?? TFA_RESEND_SECONDS;
      return {
        state: limit
          ? { ...state, sends: TFA_MAX_SENDS, error: twoFactorMessages.resendLimitNotice }
          : {
              ...state,
              resendAt: Date.now() + wait * 1000,
              error: twoFactorMessages.resendWait(wait),
            },
        headers: result.headers,
      };
    }
    return { state: { ...state, error: result.error.notice || null }, headers: result.headers };
  }
  return {
    state: {
      ...state,
      step: 'code',
      token: result.data.token,
      sends: result.data.sends ?? state.sends + 1,
      resendAt: Date.now() + (result.data.resendInSeconds ?? TFA_RESEND_SECONDS) * 1000,
      error: null,
      codeError: null,
    },
    headers: result.headers,
  };
}

/**
 * Checks the code; on success the dialog moves to its accepted step, holding the token the
 * retried request carries as tfa_token.
 */
export async function verifyTwoFactorCode(
  client: Api,
  state: TwoFactorState,
  code: string,
): Promise<{ state: TwoFactorState; verified: boolean }> {
  // The contracts' rule first: a malformed code gets its message without a round trip.
  const normalised = normaliseTwoFactorCode(code);
  if (!normalised) {
    return { state: { ...state, codeError: twoFactorMessages.codeFormat }, verified: false };
  }
  const result = await client.call(
    endpoints.twoFactor.code,
    { token: state.token ?? '', action: state.action, code: normalised, contact: state.email },
    { knownFields: ['code'] },
  );
  if (!result.ok) {
    return {
      state: {
        ...state,
        codeError: result.error.fieldErrors.code ?? null,
        error: result.error.notice || null,
      },
      verified: false,
    };
  }
  return {
    state: { ...state, step: 'accepted', token: result.data.token, error: null, codeError: null },
    verified: true,
  };
}

/** Where a post of a form with the two-factor dialog stands after its two-factor step. */
export type TwoFactorStep =
  | { kind: 'none' }
  | { kind: 'cancelled' }
  | { kind: 'pending'; state: TwoFactorState; status: number; headers: Headers }
  | { kind: 'verified'; token: string };

/**
 * The dialog's steps shared by login and registration: cancel, send or resend the code, check
 * it (the dialog then shows 'Code accepted'), continue. 'none' means the post is the form's own
 * submit; 'verified' hands over the token the form repeats its request with.
 */
export async function runTwoFactorStep(
  form: FormData,
  client: Api,
  action: TwoFactorState['action'],
): Promise<TwoFactorStep> {
  const intent = form.get('intent');
  if (intent === 'tfa-cancel') return { kind: 'cancelled' };
  if (intent === 'tfa-send') {
    const { state, headers } = await sendTwoFactorCode(client, readTwoFactorState(form, action));
    return { kind: 'pending', state, status: 200, headers };
  }
  if (intent === 'tfa-code') {
    const code = form.get('code');
    const { state, verified } = await verifyTwoFactorCode(
      client,
      readTwoFactorState(form, action),
      typeof code === 'string' ? code : '',
    );
    return { kind: 'pending', state, status: verified ? 200 : 422, headers: new Headers() };
  }
  if (intent === 'tfa-continue') {
    const token = form.get('tfaVerified');
    if (typeof token === 'string' && token) return { kind: 'verified', token };
    return {
      kind: 'pending',
      state: { ...readTwoFactorState(form, action), error: twoFactorMessages.tokenInvalid },
      status: 422,
      headers: new Headers(),
    };
  }
  return { kind: 'none' };
}
