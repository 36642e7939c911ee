import type { CouponRefusal } from '@animata/contracts';

/**
 * Why the coupon asked for takes nothing off a price (expired, used up, another plan, not
 * valid), in the server's words, drawn beside that price: the plan columns and the checkout
 * dialog's order summary. Server-rendered, so it shows with JavaScript off too.
 */
export function CouponRefusalNote({ refusal }: { refusal: CouponRefusal | null }) {
  if (!refusal) return null;
  return (
    <p className="coupon-refusal" data-reason={refusal.reason}>
      {refusal.message}
    </p>
  );
}
