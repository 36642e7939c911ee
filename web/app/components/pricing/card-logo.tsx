/** The card brands the billing page draws a logo for (billing-teams-apps §2). */
export const CARD_LOGO_BRANDS = ['visa', 'mastercard', 'discover', 'amex'] as const;
export type CardLogoBrand = (typeof CARD_LOGO_BRANDS)[number];

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  amex: 'American Express',
};

/** 'Visa', 'American Express'…, or the brand as the gateway named it. */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function isLogoBrand(brand: string): brand is CardLogoBrand {
  return (CARD_LOGO_BRANDS as readonly string[]).includes(brand.toLowerCase());
}

/** A small card-shaped logo (48×32) for the four supported brands; nothing for others. */
export function CardLogo({ brand }: { brand: string }) {
  const name = brand.toLowerCase();
  if (!isLogoBrand(name)) return null;
  return (
    <svg
      className="card-logo"
      data-brand={name}
      width="48"
      height="32"
      viewBox="0 0 48 32"
      role="img"
      aria-label={cardBrandName(name)}
    >
      {name === 'visa' ? (
        <>
          <rect width="48" height="32" rx="5" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fill="#fff"
            fontSize="13"
            fontWeight="800"
            fontStyle="italic"
            fontFamily="Arial, sans-serif"
          >
            VISA
          </text>
        </>
      ) : null}
      {name === 'mastercard' ? (
        <>
          <rect width="48" height="32" rx="5" fill="#252525" />
          <circle cx="19.5" cy="16" r="8.5" fill="#eb001b" />
          <circle cx="28.5" cy="16" r="8.5" fill="#f79e1b" />
          <path d="M24 8.8a8.5 8.5 0 0 1 0 14.4 8.5 8.5 0 0 1 0-14.4z" fill="#ff5f00" />
        </>
      ) : null}
      {name === 'discover' ? (
        <>
          <rect width="48" height="32" rx="5" fill="#fff" stroke="#d0d5dd" />
          <text
            x="19"
            y="19.5"
            textAnchor="middle"
            fill="#231f20"
            fontSize="7.5"
            fontWeight="700"
            fontFamily="Arial, sans-serif"
          >
            DISCOVER
          </text>
          <circle cx="39" cy="17" r="4" fill="#f48120" />
        </>
      ) : null}
      {name === 'amex' ? (
        <>
          <rect width="48" height="32" rx="5" fill="#2e77bb" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fill="#fff"
            fontSize="10"
            fontWeight="800"
            fontFamily="Arial, sans-serif"
          >
            AMEX
          </text>
        </>
      ) : null}
    </svg>
  );
}
