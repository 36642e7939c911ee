import { pageAddress, safeRedirect } from '@animata/contracts';

/*
 * What a loader or action reads of where the visitor is and was going. The addresses that carry
 * it (loginUrlFor, withReturnTo, strongPasswordUrlFor) are built in libs/contracts, which the BFF
 * shares.
 */

/** The address of the page a loader or action runs for (see pageAddress). */
export function pagePathOf(request: Request): string {
  return pageAddress(request.url);
}

/** The post-login destination: the url parameter (plus hash when the form carried it). */
export function returnTo(value: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(typeof value === 'string' ? value : null);
}
