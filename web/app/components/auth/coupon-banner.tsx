import { couponBanner, type SiteCoupon } from '@animata/contracts';

/** The sign-in pages' coupon banner: black-friday-promo, cyber-monday-promo or the default. */
export function CouponBanner({ coupon }: { coupon: SiteCoupon | null }) {
  if (!coupon) return null;
  const banner = couponBanner(coupon);
  return (
    <aside
      className={`coupon-banner coupon-banner--${banner.variant}`}
      aria-label="Offer"
      data-variant={banner.variant}
    >
      <p className="coupon-banner__title">{banner.title}</p>
      <p className="coupon-banner__text">{banner.text}</p>
    </aside>
  );
}
