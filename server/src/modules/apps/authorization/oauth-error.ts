import { appTokenErrorDescriptions, type AppTokenError } from '@animata/contracts';

/**
 * A refusal of the token endpoint in RFC 6749 §5.2's shape, which OAuth client libraries read
 * (decision 82); the token controller's filter writes it with the request id.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: AppTokenError['error'],
    readonly description: string,
    /** Set when the client authenticated with HTTP Basic: 401 with `WWW-Authenticate: Basic`. */
    readonly basicChallenge = false,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }

  static invalidRequest(description: string = appTokenErrorDescriptions.malformed): OAuthError {
    return new OAuthError('invalid_request', description);
  }

  static invalidGrant(description: string): OAuthError {
    return new OAuthError('invalid_grant', description);
  }

  static invalidClient(basic: boolean): OAuthError {
    return new OAuthError('invalid_client', appTokenErrorDescriptions.invalidClient, basic);
  }
}
