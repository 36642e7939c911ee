import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  appTokenErrorDescriptions,
  AppTokenRequest,
  ownMessages,
  REFRESH_TOKEN_TTL_SECONDS,
  type AppTokenResponse,
} from '@animata/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { Clock } from '../../../common/clock.js';
import { addressKey } from '../../../common/rate-limit/address-key.js';
import type {
  RateLimiter,
  RateLimitPeek,
  RateLimitResult,
} from '../../../common/rate-limit/rate-limiter.js';
import { hashToken, newToken } from '../../../common/ids.js';
import { CLOCK, RATE_LIMITER } from '../../../common/tokens.js';
import { AppRegistry, type RegisteredApp } from '../app-registry.js';
import { AppAuthorizationException } from './app-authorization.exception.js';
import { AppAuthorizationRepository } from './app-authorization.repository.js';
import { APP_SCOPE } from './app-authorization.service.js';
import { OAuthError } from './oauth-error.js';
import { clientCredentials, verifierMatches } from './oauth-rules.js';

/**
 * Failed client authentications one address may make per window (decision 87); once they are
 * used up, every attempt from it is 429 until the window ends, the right secret too (issue 28).
 * Secrets have about 150 bits, so this is against noise and load, not guessing.
 */
export const CLIENT_AUTH_FAILURES = { limit: 20, windowMs: 15 * 60_000 } as const;

/** Access tokens last an hour; the last use of a grant is stamped at most once a minute. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** The rate limiter's key of an address's failed client authentications. */
const clientFailureKey = (ipAddress: string | null) => `app-client:${addressKey(ipAddress)}`;

/** The request as the controller hands it over. */
export interface TokenCall {
  body: unknown;
  authorization: string | undefined;
  ipAddress: string | null;
}

type TokenOutcome = { tokens: AppTokenResponse } | { refusal: OAuthError };

/**
 * The token endpoint (RFC 6749 §4.1.3, §6; RFC 7636; decision 82, 87): authorization codes and
 * rotating refresh tokens for access tokens, each client authenticated by its secret.
 */
@Injectable()
export class AppTokenService {
  constructor(
    private readonly apps: AppRegistry,
    private readonly authorizations: AppAuthorizationRepository,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter & RateLimitPeek,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async token(call: TokenCall): Promise<AppTokenResponse> {
    const request = await this.parse(call.body);
    const found = clientCredentials(call.authorization, request);
    if (found.kind === 'none') throw OAuthError.invalidClient(false);
    if (found.kind === 'bad-basic') throw OAuthError.invalidClient(true);
    if (found.kind === 'both')
      throw OAuthError.invalidRequest(appTokenErrorDescriptions.twoClientAuthentications);
    const { credentials } = found;
    await this.refuseLockedOut(call.ipAddress);
    const now = this.clock.now();
    const app = await this.apps.authenticateClient(
      credentials.clientId,
      credentials.clientSecret,
      now,
    );
    if (!app) {
      await this.countFailure(call.ipAddress);
      throw OAuthError.invalidClient(credentials.via === 'basic');
    }

    const outcome =
      request.grant_type === 'authorization_code'
        ? await this.exchangeCode(app, request, now)
        : await this.refresh(app, request, now);
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.tokens;
  }

  /**
   * The body through the contract's DTO. Unknown parameters are ignored (RFC 6749 §3.2); a
   * missing or malformed one is invalid_request, an unknown grant unsupported_grant_type.
   */
  private async parse(body: unknown): Promise<AppTokenRequest> {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw OAuthError.invalidRequest();
    const grantType = (body as Record<string, unknown>).grant_type;
    if (
      typeof grantType === 'string' &&
      !['authorization_code', 'refresh_token'].includes(grantType)
    )
      throw new OAuthError(
        'unsupported_grant_type',
        appTokenErrorDescriptions.unsupportedGrantType,
      );
    const request = plainToInstance(AppTokenRequest, body);
    const errors = await validate(request, { whitelist: true, stopAtFirstError: true });
    if (errors.length > 0) throw OAuthError.invalidRequest();
    return request;
  }

  /**
   * An address that used up its failures is refused before its secret is even checked: were the
   * right secret let through, the limit would only slow a guesser down, and a 401 or a 200
   * would still tell them which secret was right.
   */
  private async refuseLockedOut(ipAddress: string | null): Promise<void> {
    refuseOverLimit(
      await this.limiter.peek(
        clientFailureKey(ipAddress),
        CLIENT_AUTH_FAILURES.limit,
        CLIENT_AUTH_FAILURES.windowMs,
      ),
    );
  }

  private async countFailure(ipAddress: string | null): Promise<void> {
    refuseOverLimit(
      await this.limiter.hit(
        clientFailureKey(ipAddress),
        CLIENT_AUTH_FAILURES.limit,
        CLIENT_AUTH_FAILURES.windowMs,
      ),
    );
  }

  /**
   * The code is claimed first, in the transaction that stores the tokens: a failed check still
   * spends it (a code gets one try), and a parallel second use waits for this one to commit,
   * then finds the code used and deletes the tokens it gave.
   */
  private async exchangeCode(
    app: RegisteredApp,
    request: AppTokenRequest,
    now: Date,
  ): Promise<TokenOutcome> {
    if (request.code === undefined)
      return { refusal: OAuthError.invalidRequest(appTokenErrorDescriptions.missingCode) };
    const codeHash = hashToken(request.code);
    return this.authorizations.transaction(async (manager) => {
      const code = await this.authorizations.claimCode(manager, codeHash, app.id, now);
      if (!code) {
        await this.authorizations.revokeTokensOfReusedCode(manager, codeHash, app.id);
        return { refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.invalidCode) };
      }
      if ((request.redirect_uri ?? null) !== code.redirect_uri)
        return { refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.redirectMismatch) };
      if (code.code_challenge === null) {
        if (request.code_verifier !== undefined)
          return {
            refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.unexpectedVerifier),
          };
      } else if (request.code_verifier === undefined) {
        return { refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.missingVerifier) };
      } else if (!verifierMatches(request.code_verifier, code.code_challenge)) {
        return { refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.verifierMismatch) };
      }
      return { tokens: await this.issue(manager, code.authorization_id, codeHash, now) };
    });
  }

  /**
   * Rotation: the refresh token works once; the new pair keeps its code's tie. A rotated token
   * that comes back was stolen or copied: the tokens issued from its code, the newest pair
   * included, are revoked (RFC 9700 §4.14.2), since we cannot tell which side is the app.
   */
  private async refresh(
    app: RegisteredApp,
    request: AppTokenRequest,
    now: Date,
  ): Promise<TokenOutcome> {
    if (request.refresh_token === undefined)
      return { refusal: OAuthError.invalidRequest(appTokenErrorDescriptions.missingRefreshToken) };
    const tokenHash = hashToken(request.refresh_token);
    return this.authorizations.transaction(async (manager) => {
      const old = await this.authorizations.rotateRefreshToken(manager, tokenHash, app.id, now);
      if (!old) {
        await this.authorizations.revokeTokensOfReplayedRefreshToken(manager, tokenHash, app.id);
        return { refusal: OAuthError.invalidGrant(appTokenErrorDescriptions.invalidRefreshToken) };
      }
      return { tokens: await this.issue(manager, old.authorization_id, old.code_hash, now) };
    });
  }

  private async issue(
    manager: EntityManager,
    authorizationId: string,
    codeHash: string | null,
    now: Date,
  ): Promise<AppTokenResponse> {
    const access = newToken();
    const refresh = newToken();
    await this.authorizations.insertTokens(manager, authorizationId, codeHash, [
      {
        hash: hashToken(access),
        kind: 'access',
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      },
      {
        hash: hashToken(refresh),
        kind: 'refresh',
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      },
    ]);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refresh,
      scope: APP_SCOPE,
    };
  }

  /** The customer and grant behind a live access token, stamping its last use now and then. */
  async authenticateBearer(
    token: string,
  ): Promise<{ customerId: string; authorizationId: string } | null> {
    const now = this.clock.now();
    const found = await this.authorizations.findLiveAccessToken(hashToken(token), now);
    if (!found) return null;
    const notBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    if (found.last_used_at === null || found.last_used_at < notBefore)
      await this.authorizations.touch(found.authorization_id, now, notBefore);
    return { customerId: found.customer_id, authorizationId: found.authorization_id };
  }
}

/** The catalogue's 429, with Retry-After, once the failures are used up. */
function refuseOverLimit(result: RateLimitResult): void {
  if (!result.allowed)
    throw AppAuthorizationException.tooManyRequests(
      ownMessages.tooManyRequests,
      result.retryAfterMs,
    );
}
