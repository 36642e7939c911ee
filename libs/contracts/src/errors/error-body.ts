/**
 * Shapes of error bodies the BFF sends (the catalogue's shape, account-and-auth §8).
 *
 * - 403, 409, 429, 500 and other statuses: `{ error }`.
 * - 404: `{ error: 'Resource could not be found on the server.' }`.
 * - 422: `{ errors }` keyed by field; '.' holds notices that belong to no field.
 * - 401: `{ error }` for a missing or expired session.
 * Every body also carries `requestId`, the correlation id that the logs show.
 */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error?: string;
  /** The spec allows a map, a list or a string; the BFF always sends a map. */
  errors?: FieldErrors | string[] | string;
  /** Project limits that changed with the refusal (projects-dashboard, 422). */
  limits?: { created?: number } & Record<string, unknown>;
  requestId?: string;
}

/** The key of notices that belong to no field. */
export const NOTICE_KEY = '.';
