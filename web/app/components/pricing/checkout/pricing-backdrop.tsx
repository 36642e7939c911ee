import type { ReactNode } from 'react';
import type { PricingData } from '../../../utils/pricing.server.js';
import { PricingPage } from '../pricing-page.js';

/** What the dialogs sit over: the pricing page, drawn from loadPricing's data. */
export function PricingBackdrop({
  pricing,
  children,
}: {
  pricing: PricingData;
  children: ReactNode;
}) {
  return (
    <>
      <PricingPage {...pricing} />
      {children}
    </>
  );
}
