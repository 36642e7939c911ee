import type { BffTransport } from '@animata/contracts';

/** What the server bridge (server/src/web/remix-bridge.ts) hands every loader and action. */
declare module '@remix-run/node' {
  interface AppLoadContext {
    bff: BffTransport;
    requestId: string;
    publicOrigin: string;
    /** The visitor's address, forwarded to the BFF for rate limits and session records. */
    clientAddress: string;
  }
}

export {};
