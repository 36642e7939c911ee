import { billingMessages, NOTICE_KEY, type FieldErrors } from '@animata/contracts';
import { DomainException } from '../../common/errors/domain.exception.js';

export enum BillingErrorCode {
  /** The card or the wallet refused the payment: its message as given (402). */
  Declined = 'PAYMENT_DECLINED',
  /** A payment-method id or nonce the gateway does not know (422). */
  InvalidPaymentMethod = 'INVALID_PAYMENT_METHOD',
  /** The amount the customer saw is not the price any more (409). */
  PriceChanged = 'PRICE_CHANGED',
  /** A purchase or change that the customer's plan does not allow (409). */
  Conflict = 'BILLING_CONFLICT',
  /** A product or period that cannot be bought (422). */
  InvalidPlan = 'INVALID_PLAN',
}

const STATUS: Record<BillingErrorCode, number> = {
  [BillingErrorCode.Declined]: 402,
  [BillingErrorCode.InvalidPaymentMethod]: 422,
  [BillingErrorCode.PriceChanged]: 409,
  [BillingErrorCode.Conflict]: 409,
  [BillingErrorCode.InvalidPlan]: 422,
};

/** The checkout's refusals in the catalogue shape: the message under '.' or a field. */
export class BillingException extends DomainException {
  readonly status: number;

  private constructor(
    code: BillingErrorCode,
    message: string,
    fieldErrors: FieldErrors,
    extra?: Record<string, unknown>,
  ) {
    super(code, message, fieldErrors, extra);
    this.status = STATUS[code];
  }

  static notice(code: BillingErrorCode, message: string, extra?: Record<string, unknown>) {
    return new BillingException(code, message, { [NOTICE_KEY]: message }, extra);
  }

  static declined(message: string): BillingException {
    return BillingException.notice(BillingErrorCode.Declined, message || billingMessages.declined);
  }

  static invalidPaymentMethod(field: 'source' | 'nonce', message: string): BillingException {
    return new BillingException(BillingErrorCode.InvalidPaymentMethod, message, {
      [field]: message,
    });
  }

  /** The price now, in cents, goes with it so a page can show the new amount. */
  static priceChanged(amountCents: number): BillingException {
    return BillingException.notice(BillingErrorCode.PriceChanged, billingMessages.priceChanged, {
      payment: { amount: amountCents },
    });
  }

  /**
   * The coupon the customer saw applied does not any more (used up, expired): a changed price
   * whose message says why, with the price now.
   */
  static couponRefused(message: string, amountCents: number): BillingException {
    return BillingException.notice(BillingErrorCode.PriceChanged, message, {
      payment: { amount: amountCents },
    });
  }

  static conflict(message: string): BillingException {
    return BillingException.notice(BillingErrorCode.Conflict, message);
  }

  static invalidPlan(message: string = billingMessages.notUpgrade): BillingException {
    return BillingException.notice(BillingErrorCode.InvalidPlan, message);
  }
}
