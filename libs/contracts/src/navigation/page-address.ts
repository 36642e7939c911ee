/** Query parameters Remix adds to its own data requests; never part of a page's address. */
const REMIX_DATA_PARAMS = ['_routes', 'index', '_data'] as const;

/**
 * The address of the page a request is for, as path and query. A loader run by a client-side
 * navigation may see Remix's data request (`?_routes=…` when a route opted out of
 * revalidation, `?index` for an index action); the visitor's page has none of them.
 */
export function pageAddress(requestUrl: string): string {
  const url = new URL(requestUrl);
  for (const name of REMIX_DATA_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search;
}
