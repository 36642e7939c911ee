import type { ReactNode } from 'react';
import { TopBar } from '../../top-bar.js';

/**
 * What the dialogs sit over: the pricing page. Until the pricing page's component is merged in,
 * the page's frame (top bar and an empty main) stands in for it.
 */
export function PricingBackdrop({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" className="page checkout-page">
        {children}
      </main>
    </>
  );
}
