import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per key; null until it is ready or without key. */
export function useStripe(publishableKey: string | null): Stripe | null {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  useEffect(() => {
    if (!publishableKey) return undefined;
    let live = true;
    let promise = loaded.get(publishableKey);
    if (!promise) {
      promise = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
      loaded.set(publishableKey, promise);
    }
    void promise.then((instance) => {
      if (live) setStripe(instance);
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return stripe;
}
