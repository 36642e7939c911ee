import { accountTexts, couponOffLabel, pagePaths, type SiteCoupon } from '@animata/contracts';
import { Link, useLocation } from '@remix-run/react';
import { useId } from 'react';
import { useSignedInCustomer } from './signed-in-customer.js';
import { UserMenu } from './user-menu.js';

/**
 * The top bar (account-and-auth §2.2): the logo linking to /, a promo banner to /pricing when
 * the default coupon has a custom design, 'Upgrade' to /pricing (not for premium customers,
 * not on the pricing page), then the user menu for a signed-in customer or a 'Log in' link for
 * a visitor. Pages outside the account area pass neither `upgrade` nor `coupon`.
 */
/**
 * The top bar's Upgrade and promo banner for a signed-in customer: one rule for every page that
 * shows them (the dashboard, the account area, the project page).
 */
export function topBarOf(customer: { isPremium: boolean; defaultCoupon: SiteCoupon | null }): {
  upgrade: boolean;
  coupon: SiteCoupon | null;
} {
  return { upgrade: !customer.isPremium, coupon: customer.defaultCoupon };
}

export function TopBar({
  upgrade = false,
  coupon = null,
}: {
  upgrade?: boolean;
  coupon?: SiteCoupon | null;
} = {}) {
  const customer = useSignedInCustomer();
  const onPricing = useLocation().pathname === pagePaths.pricing;
  return (
    <header className="top-bar">
      <Link to={pagePaths.home} className="top-bar__logo" aria-label="Animata home">
        <Logo />
        <span className="top-bar__brand" aria-hidden="true">
          Animata
        </span>
      </Link>
      {coupon && coupon.customDesign !== '' ? (
        <Link
          to={pagePaths.pricing}
          className={`top-bar__promo top-bar__promo--${coupon.customDesign}`}
          data-design={coupon.customDesign}
        >
          <span className="top-bar__promo-off">{couponOffLabel(coupon)}</span>
          <span className="top-bar__promo-text">Get the offer</span>
        </Link>
      ) : null}
      {upgrade && !onPricing ? (
        <Link
          to={pagePaths.pricing}
          className="button button--primary button--small top-bar__upgrade"
        >
          {accountTexts.upgrade}
        </Link>
      ) : null}
      <nav className="top-bar__menu" aria-label="User menu">
        {customer ? (
          <UserMenu customer={customer} />
        ) : (
          <Link to={pagePaths.login} className="button button--ghost button--small">
            Log in
          </Link>
        )}
      </nav>
    </header>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#4f2fe0" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M9 23 16 8l7 15h-4.2L16 16.6 13.2 23z" fill="#fff" />
      <circle cx="23.5" cy="9.5" r="2.6" fill="#ffd166" />
    </svg>
  );
}
