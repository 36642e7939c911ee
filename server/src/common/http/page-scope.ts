import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the BFF calls of one page share. A page's loaders reach the BFF in-process several times
 * over (the dashboard: the session, the customer, the folders, the teams, the list), each call
 * with the visitor's same cookie, and each would read the same session again. Inside a page's
 * scope a read asked for by key is done once and its answer shared by the page's other calls.
 *
 * Only reads: a call that may write (anything but GET and HEAD) runs outside the scope, and
 * everything remembered is forgotten once it ends, so the page's loaders after an action see
 * what the action changed (a session it ended, say). Requests from anywhere else (the network,
 * the live channel, jobs) never run inside a page's scope and always read afresh.
 */
const pages = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one page request (its action, loaders and render) in a scope of its own. */
export function withPageScope<T>(render: () => T): T {
  return pages.run(new Map(), render);
}

/** Runs a call that may write outside the page's scope, then forgets what the page had read. */
export async function outsidePageScope<T>(call: () => Promise<T>): Promise<T> {
  const remembered = pages.getStore();
  try {
    return await pages.exit(call);
  } finally {
    remembered?.clear();
  }
}

/**
 * The answer of `read`, done once per page for this key (every time outside a page). A failed
 * read is not remembered: the next call tries again.
 */
export function oncePerPage<T>(key: string, read: () => Promise<T>): Promise<T> {
  const remembered = pages.getStore();
  if (!remembered) return read();
  const known = remembered.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  remembered.set(key, reading);
  reading.catch(() => {
    if (remembered.get(key) === reading) remembered.delete(key);
  });
  return reading;
}
