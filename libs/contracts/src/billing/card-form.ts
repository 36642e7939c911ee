/**
 * The sandbox card form's rules (billing-teams-apps §5: the card form may be submitted only when
 * no field errors exist; number, expiry and cvc show the provider's messages). The messages are
 * Stripe Elements' own, so the sandbox reads like the card provider it stands in for. The web
 * checks them as the customer types; the Remix action checks them again for a post without
 * JavaScript.
 */
import { sandboxPaymentMethodFor, type SandboxPaymentMethodId } from './checkout.js';

export const cardFormMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  /** Ours: the sandbox knows the three test cards only. */
  numberNotTestCard: 'The sandbox accepts only the test cards listed above.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  sandboxTitle: 'Sandbox test cards',
  needsJavaScript: 'Card payments open the card provider’s secure form, which needs JavaScript.',
} as const;

/** The three test cards the sandbox form lists, with what each does. */
export const SANDBOX_CARD_LIST = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0027 6000 3184', outcome: 'needs 3-D Secure' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
] as const;

export interface CardFormValues {
  number: string;
  /** 'MM / YY' (spaces and the slash optional). */
  expiry: string;
  cvc: string;
}
export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry as month and two-digit year, or null when it is not MM / YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** Formats typed digits as 'MM / YY'. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Formats a card number in groups of four. */
export function formatCardNumber(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The form's field errors, and the test payment-method id when there are none. `now` is the
 * clock (the expiry must not be in the past).
 */
export function validateSandboxCard(
  values: CardFormValues,
  now: Date = new Date(),
): { errors: CardFormErrors; source: SandboxPaymentMethodId | null } {
  const errors: CardFormErrors = {};
  const digits = values.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits) || (digits.length >= 16 && !luhn(digits))) {
    errors.number = cardFormMessages.numberInvalid;
  } else if (digits.length < 16) {
    errors.number = cardFormMessages.numberIncomplete;
  }
  const source = errors.number ? null : sandboxPaymentMethodFor(digits);
  if (!errors.number && !source) errors.number = cardFormMessages.numberNotTestCard;

  const expiry = parseExpiry(values.expiry);
  const digitsOfExpiry = values.expiry.replace(/\D/g, '');
  if (!expiry) {
    errors.expiry =
      digitsOfExpiry.length < 4
        ? cardFormMessages.expiryIncomplete
        : cardFormMessages.expiryInvalid;
  } else if (expiry.month < 1 || expiry.month > 12) {
    errors.expiry = cardFormMessages.expiryInvalid;
  } else {
    const year = now.getUTCFullYear() % 100;
    const month = now.getUTCMonth() + 1;
    if (expiry.year < year) errors.expiry = cardFormMessages.expiryYearPast;
    else if (expiry.year === year && expiry.month < month)
      errors.expiry = cardFormMessages.expiryPast;
  }
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = cardFormMessages.cvcIncomplete;
  return { errors, source: Object.keys(errors).length === 0 ? source : null };
}
