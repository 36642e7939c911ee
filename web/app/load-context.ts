import type { WebLoadContext } from '@animata/contracts';

/** Remix's `context` is the one declaration in libs/contracts, which the server bridge builds. */
declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the fields are WebLoadContext's
  interface AppLoadContext extends WebLoadContext {}
}

export {};
