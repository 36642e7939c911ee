import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { fieldMessages } from '../auth/auth-messages.js';
import type { BillingInfo } from '../account/customer.js';
import { CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_MIN_LENGTH } from './billing-dto.js';

/*
 * The billing page's rules and texts (billing-teams-apps §2 Billing page, Cancel subscription
 * dialog; §4 cancel, remove payment method; §5 billing info; §9): both the BFF and the page read
 * them from here.
 */

/** §5, §9: billing name at most 180 characters, details at most 500. */
export const BILLING_NAME_MAX_LENGTH = 180;
export const BILLING_DETAILS_MAX_LENGTH = 500;

export const billingInfoLabels = {
  name: 'Billing name',
  details: 'Billing details',
} as const;

/** PUT customer/billing-info (§7 "Billing info change", path ours: decision billing-1). */
export interface BillingInfoRequest {
  name: string;
  details: string;
  /** Accepted for the spec's shape; the server computes it (§5) and ignores this one. */
  include?: boolean;
}
export type BillingInfoResponse = BillingInfo;

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class BillingInfoBody implements BillingInfoRequest {
  @MaxLength(BILLING_NAME_MAX_LENGTH, {
    message: fieldMessages.atMost(billingInfoLabels.name, BILLING_NAME_MAX_LENGTH),
  })
  @IsString({ message: fieldMessages.required(billingInfoLabels.name) })
  @Transform(trimmed)
  name!: string;

  @MaxLength(BILLING_DETAILS_MAX_LENGTH, {
    message: fieldMessages.atMost(billingInfoLabels.details, BILLING_DETAILS_MAX_LENGTH),
  })
  @IsString({ message: fieldMessages.required(billingInfoLabels.details) })
  @Transform(trimmed)
  details!: string;

  @IsOptional()
  include?: boolean;
}

/** The field errors of billing info as typed (trimmed first, as the server does). */
export function billingInfoErrors(values: { name: string; details: string }): {
  name?: string;
  details?: string;
} {
  const errors: { name?: string; details?: string } = {};
  if (values.name.trim().length > BILLING_NAME_MAX_LENGTH)
    errors.name = fieldMessages.atMost(billingInfoLabels.name, BILLING_NAME_MAX_LENGTH);
  if (values.details.trim().length > BILLING_DETAILS_MAX_LENGTH)
    errors.details = fieldMessages.atMost(billingInfoLabels.details, BILLING_DETAILS_MAX_LENGTH);
  return errors;
}

/**
 * §5: billing info is marked included only if a value differs from the account's name or
 * e-mail. A value counts when it is not empty and is neither the account's name nor its e-mail
 * (compared trimmed, the e-mail without regard to case): decision billing-2.
 */
export function billingInfoInclude(
  info: { name: string; details: string },
  account: { name: string; email: string },
): boolean {
  const name = account.name.trim();
  const email = account.email.trim().toLowerCase();
  const differs = (value: string) => {
    const v = value.trim();
    return v !== '' && v !== name && v.toLowerCase() !== email;
  };
  return differs(info.name) || differs(info.details);
}

/**
 * §3 Cancel reasons: codes 1 to 8 (texts ours: the spec names none, decision billing-4) and 0
 * 'Other' with a text of 12 to 1,000 characters.
 */
export const CANCEL_REASONS: ReadonlyArray<{ code: number; text: string }> = [
  { code: 1, text: 'It is too expensive' },
  { code: 2, text: 'I no longer need it' },
  { code: 3, text: 'I only needed it for one project' },
  { code: 4, text: 'It lacks features I need' },
  { code: 5, text: 'It is too hard to use' },
  { code: 6, text: 'I found another tool' },
  { code: 7, text: 'Technical problems' },
  { code: 8, text: 'I am not satisfied with the support' },
  { code: 0, text: 'Other' },
];

/**
 * Whether the dialog may send a reason (§5): a code 1–8, or 0 with at least 12 characters
 * (a shorter text counts as empty) and at most 1,000.
 */
export function cancelReasonValid(code: number | null, text: string): boolean {
  if (code === null || !CANCEL_REASONS.some((r) => r.code === code)) return false;
  if (code !== 0) return true;
  const length = text.trim().length;
  return length >= CANCEL_REASON_MIN_LENGTH && length <= CANCEL_REASON_MAX_LENGTH;
}

/** §9: what a canceled plan falls back to, listed after the cancellation. */
export const DOWNGRADE_LIMITS = [
  'Timeline up to 3 seconds',
  '3 exports a month',
  '1 GB storage',
  'No advanced animations',
  'Video and GIF limitations',
  'Renders are deleted 60 days after the plan expires',
] as const;

/** The billing page's words (the spec's where it has them: §2, §5, §8). */
export const billingPageTexts = {
  changeCard: 'Change card',
  addCard: 'Add card',
  saveCard: 'Save card',
  removePaymentMethod: 'Remove payment method',
  removeQuestion: 'Remove your payment method? To renew later, you will add one again.',
  remove: 'Remove',
  edit: 'Edit',
  cancel: 'Cancel',
  save: 'Save',
  cancelSubscription: 'Cancel subscription',
  cancelQuestion: 'Why are you canceling?',
  /** Ours: a cancel posted without a reason (only possible without JavaScript). */
  chooseReason: 'Please choose a reason.',
  cancelRenewal: 'Cancel Renewal',
  keepSubscription: 'Keep subscription',
  otherLabel: 'Tell us more',
  minimumHint: fieldMessages.minimumHint(CANCEL_REASON_MIN_LENGTH),
  counter: (n: number) => `${n}/${CANCEL_REASON_MAX_LENGTH}`,
  limitsTitle: 'When your plan ends, your account moves to the free plan:',
  resumeSubscription: 'Resume subscription',
  /** A change waiting for the period end, on the billing page (the 'Starter from {date}'). */
  planFrom: (plan: string, date: string) => `${plan} from ${date}`,
  /** Ours (decision billing-5): the answer to a resumed renewal. */
  subscriptionResumed: 'Your subscription was resumed',
  billingInfoHint: 'Shown on invoices issued after the change.',
  notSet: 'Not set',
} as const;
