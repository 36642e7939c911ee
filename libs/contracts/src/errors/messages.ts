/**
 * The error catalogue's user-facing texts (account-and-auth §8), word for word. Both the BFF
 * (bodies it sends) and the web client (texts it shows) read them from here.
 */
export const catalogueMessages = {
  internalServerError: 'Internal server error',
  notFound: 'Resource could not be found on the server.',
  forbiddenFallback: '403 - Forbidden',
  loggedOut: 'You have been logged out. Please log in again.',
  loggedOutButton: 'Log In',
  connectionFailed:
    'The connection to the server could not be established. Please try again later.',
  unknownError: 'Unknown error.',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/** How long the logged-out notice stays (account-and-auth §9). */
export const LOGGED_OUT_NOTICE_MS = 120_000;

/** Texts of our own for statuses the spec does not name; recorded in docs/decisions.md. */
export const ownMessages = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  payloadTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  tooDeep: 'The request body is nested too deeply.',
  forbiddenCharacters: 'The request contains characters that are not allowed.',
  formUnreadable: 'This form could not be read. Please reload the page and try again.',
  csrfRejected: 'This request came from another site and was refused.',
  /** A graceful stop hands an upload back (503 with Retry-After). */
  serviceUnavailable: 'The server is restarting. Please try again in a moment.',
} as const;
