import { billingMessages } from '@animata/contracts';
import { DomainException } from '../../../common/errors/domain.exception.js';

export enum GatewayErrorCode {
  /** The gateway could not be reached or failed on its side: try again later (503). */
  Unavailable = 'GATEWAY_UNAVAILABLE',
  /** The gateway refused a request of ours (an unknown coupon, a stale object) (422). */
  Refused = 'GATEWAY_REFUSED',
  /** The gateway knows no such object (404, like any object that is not yours). */
  NotFound = 'GATEWAY_NOT_FOUND',
}

const STATUS: Record<GatewayErrorCode, number> = {
  [GatewayErrorCode.Unavailable]: 503,
  [GatewayErrorCode.Refused]: 422,
  [GatewayErrorCode.NotFound]: 404,
};

/**
 * A card or wallet gateway's failure other than a declined payment (PaymentDeclinedError), in
 * our codes: each adapter folds its vendor's errors into these in one function
 * (stripe/stripe-errors.ts, braintree/braintree-errors.ts). The vendor's text is kept for the
 * log in `detail`, never shown: the customer reads the catalogue's message.
 */
export class GatewayException extends DomainException {
  readonly status: number;

  constructor(
    code: GatewayErrorCode,
    readonly detail: string,
    message: string = billingMessages.unknownError,
  ) {
    super(code, message);
    this.status = STATUS[code];
  }
}
