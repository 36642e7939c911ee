import { plainToInstance, Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  PAYABLE_PERIODS,
  PRODUCT_NAMES,
  TEAM_MAX_EXTRA_SEATS,
  type PayablePeriod,
  type ProductName,
  type PricesQuery,
} from './catalog.js';
import {
  TRACKING_EVENTS,
  type CancelSubscriptionRequest,
  type CardPayRequest,
  type ChangeCardRequest,
  type Handle3dsRequest,
  type PreviewCostRequest,
  type SandboxConfirmRequest,
  type TrackRequest,
  type TrackingEvent,
  type UpgradeSubscriptionRequest,
  type WalletPayRequest,
} from './checkout.js';

/** Longest coupon code accepted (the coupons table's column). */
export const COUPON_CODE_MAX_LENGTH = 64;
/** Cancel reason 'Other' (code 0): 12 to 1000 characters (§5, §9). */
export const CANCEL_REASON_MIN_LENGTH = 12;
export const CANCEL_REASON_MAX_LENGTH = 1000;
/** Reason codes 1–8, and 0 for other with a text (§3). */
export const CANCEL_REASON_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/**
 * How long a payment waiting for 3-D Secure counts (§9: the pending-payment warning, 24 hours):
 * after it, is3DSPending is false and the customer may check out again.
 */
export const PENDING_PAYMENT_TTL_MS = 86_400_000;
/** A tracking event's data: a flat object of at most this many bytes of JSON. */
export const TRACKING_DATA_MAX_BYTES = 2048;

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** GET pricing/prices?coupon= */
export class PricesQueryDto implements PricesQuery {
  @IsOptional()
  @MaxLength(COUPON_CODE_MAX_LENGTH)
  @IsString()
  @Transform(trimmed)
  coupon?: string;
}

/** POST stripe|paypal /preview-cost */
export class PreviewCostBody implements PreviewCostRequest {
  @IsIn(PAYABLE_PERIODS)
  plan!: PayablePeriod;

  @IsIn(PRODUCT_NAMES)
  product!: ProductName;

  @IsOptional()
  @MaxLength(COUPON_CODE_MAX_LENGTH)
  @IsString()
  coupon?: string;

  @IsOptional()
  @Max(TEAM_MAX_EXTRA_SEATS)
  @Min(0)
  @IsInt()
  extraSlots?: number;
}

/** POST stripe|paypal /upgrade-subscription: the preview's fields, the amount seen, the code. */
export class UpgradeSubscriptionBody extends PreviewCostBody implements UpgradeSubscriptionRequest {
  @IsOptional()
  @Max(100_000_000)
  @Min(0)
  @IsInt()
  payment?: number;

  @IsOptional()
  @MaxLength(512)
  @IsString()
  tfa_token?: string;
}

/** What both pay calls take: an upgrade's fields and the captcha. */
class PayBase extends UpgradeSubscriptionBody {
  @IsOptional()
  @MaxLength(4096)
  @IsString()
  recaptcha?: string;
}

/** POST stripe /pay */
export class CardPayBody extends PayBase implements CardPayRequest {
  @MaxLength(255)
  @IsNotEmpty()
  @IsString()
  source!: string;
}

/** POST paypal /pay */
export class WalletPayBody extends PayBase implements WalletPayRequest {
  @MaxLength(4096)
  @IsNotEmpty()
  @IsString()
  nonce!: string;
}

/** POST stripe /handle3ds */
export class Handle3dsBody implements Handle3dsRequest {
  @MaxLength(255)
  @IsNotEmpty()
  @IsString()
  paymentIntentId!: string;

  @IsOptional()
  @MaxLength(1000)
  @IsString()
  error?: string;
}

/** POST stripe /change-card */
export class ChangeCardBody implements ChangeCardRequest {
  @MaxLength(255)
  @IsNotEmpty()
  @IsString()
  source!: string;

  @IsOptional()
  @MaxLength(4096)
  @IsString()
  recaptcha?: string;

  @IsOptional()
  @MaxLength(512)
  @IsString()
  tfa_token?: string;
}

export class CancelReasonDto {
  @IsIn(CANCEL_REASON_CODES)
  @IsInt()
  code!: number;

  @ValidateIf((reason: CancelReasonDto) => reason.code === 0 || reason.text !== undefined)
  @MaxLength(CANCEL_REASON_MAX_LENGTH)
  @MinLength(CANCEL_REASON_MIN_LENGTH)
  @IsString()
  @Transform(trimmed)
  text?: string;
}

/** POST stripe|paypal /cancel-subscription */
export class CancelSubscriptionBody implements CancelSubscriptionRequest {
  @ValidateNested()
  @IsObject()
  // Not @Type: it reads reflect-metadata, which the browser bundle of the contracts lacks.
  @Transform(({ value }: { value: unknown }) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? plainToInstance(CancelReasonDto, value)
      : value,
  )
  reason!: CancelReasonDto;
}

/** POST tracking/track; the flat-object and size rules are checked by the service. */
export class TrackBody implements TrackRequest {
  @IsIn(TRACKING_EVENTS)
  eventName!: TrackingEvent;

  @IsObject()
  eventData!: Record<string, string | number | boolean | null>;
}

/** POST stripe/sandbox/confirm */
export class SandboxConfirmBody implements SandboxConfirmRequest {
  @MaxLength(512)
  @IsNotEmpty()
  @IsString()
  clientSecret!: string;

  @IsIn(['complete', 'fail'])
  outcome!: 'complete' | 'fail';
}
