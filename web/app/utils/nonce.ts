import { createContext, useContext } from 'react';

/**
 * The page's Content-Security-Policy nonce, provided by entry.server.tsx from the load context.
 * Empty in the browser: the nonce matters only in the server's HTML (browsers hide it from the
 * DOM after parsing), and scripts React adds later are not inline.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
