/**
 * GET apiPaths.session: whose session the cookie carries. 401 (the catalogue's logged-out
 * notice) when the cookie is missing, unknown or expired.
 */
export interface SessionInfoResponse {
  customerId: string;
}
