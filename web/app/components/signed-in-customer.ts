import type { Avatar } from '@animata/contracts';
import { useRouteLoaderData } from '@remix-run/react';

export interface SignedInCustomer {
  name: string;
  email: string;
  /** Shown in the user menu at 32 px. */
  avatar?: Avatar | null;
}

/** The signed-in customer from the root loader, or null for a visitor. */
export function useSignedInCustomer(): SignedInCustomer | null {
  const root = useRouteLoaderData<{ customer: SignedInCustomer | null }>('root');
  return root?.customer ?? null;
}
