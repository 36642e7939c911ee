import type { FastifyRequest } from 'fastify';
import { Strategy as FacebookStrategy } from 'passport-facebook';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import type { Strategy as PassportStrategy } from 'passport';
import type { AppConfig } from '../../../config/config.js';
import type { SocialProfile, SocialProvider } from './social-profile.js';

/** What running a Passport strategy on one request came to. */
export type StrategyResult =
  | { kind: 'redirect'; url: string; state: string | null }
  | { kind: 'success'; profile: SocialProfile }
  | { kind: 'fail'; reason: string }
  | { kind: 'error'; error: unknown };

/** The minimal request Passport's OAuth 2.0 strategies read. */
interface StrategyRequest {
  query: Record<string, string | undefined>;
  body: Record<string, never>;
  headers: FastifyRequest['headers'];
  url: string;
  method: string;
  /** Set by our state store when it makes a state; compared when the provider answers. */
  oauthState?: string;
  expectedState?: string | null;
}

/**
 * The OAuth state lives in a short-lived cookie, not a server session: `store` makes a random
 * state for the redirect, `verify` compares the provider's answer with the cookie's.
 */
const cookieStateStore = {
  store(req: StrategyRequest, callback: (error: Error | null, state?: string) => void) {
    const bytes = new Uint8Array(24);
    crypto.getRandomValues(bytes);
    req.oauthState = Buffer.from(bytes).toString('base64url');
    callback(null, req.oauthState);
  },
  verify(
    req: StrategyRequest,
    provided: string,
    callback: (error: Error | null, ok: boolean) => void,
  ) {
    callback(null, Boolean(req.expectedState) && provided === req.expectedState);
  },
};

type Verify = (
  accessToken: string,
  refreshToken: string,
  profile: unknown,
  done: (error: unknown, user?: unknown) => void,
) => void;
const passThrough: Verify = (_accessToken, _refreshToken, profile, done) => done(null, profile);

interface PassportProfile {
  id: string;
  displayName?: string;
  emails?: Array<{ value: string; verified?: boolean | string }>;
  _json?: { email_verified?: boolean | string };
}

/** Builds the strategies that are configured; providers without credentials stay off. */
export class OAuthStrategies {
  private readonly strategies = new Map<SocialProvider, PassportStrategy>();

  constructor(config: AppConfig) {
    const callback = (provider: SocialProvider) => callbackPath(provider);
    if (config.social.google) {
      const google = config.social.google;
      this.strategies.set(
        'google',
        new GoogleStrategy(
          {
            clientID: google.clientId,
            clientSecret: google.clientSecret,
            callbackURL: callback('google'),
            authorizationURL: google.authorizationUrl,
            tokenURL: google.tokenUrl,
            userProfileURL: google.userInfoUrl,
            scope: ['openid', 'email', 'profile'],
            store: cookieStateStore,
          } as never,
          passThrough as never,
        ) as unknown as PassportStrategy,
      );
    }
    if (config.social.facebook) {
      const facebook = config.social.facebook;
      this.strategies.set(
        'facebook',
        new FacebookStrategy(
          {
            clientID: facebook.appId,
            clientSecret: facebook.appSecret,
            callbackURL: callback('facebook'),
            authorizationURL: facebook.authorizationUrl,
            tokenURL: facebook.tokenUrl,
            profileURL: facebook.profileUrl,
            profileFields: ['id', 'displayName', 'emails'],
            scope: ['email'],
            store: cookieStateStore,
          } as never,
          passThrough as never,
        ) as unknown as PassportStrategy,
      );
    }
  }

  configured(): SocialProvider[] {
    return [...this.strategies.keys()];
  }

  has(provider: SocialProvider): boolean {
    return this.strategies.has(provider);
  }

  /**
   * Runs a strategy outside Express: Passport strategies report through success, fail,
   * redirect, error and pass, which we capture on a per-request copy.
   */
  run(
    provider: SocialProvider,
    request: FastifyRequest,
    expectedState: string | null,
    origin: string,
  ): Promise<StrategyResult> {
    const strategy = this.strategies.get(provider);
    if (!strategy) return Promise.resolve({ kind: 'fail', reason: 'not configured' });
    const req: StrategyRequest = {
      query: request.query as Record<string, string | undefined>,
      body: {},
      headers: request.headers,
      url: request.url,
      method: request.method,
      expectedState,
    };
    return new Promise((resolve) => {
      const run = Object.create(strategy) as PassportStrategy & {
        success(user: unknown): void;
        fail(challenge?: unknown): void;
        redirect(url: string): void;
        error(error: unknown): void;
        pass(): void;
      };
      run.success = (user) =>
        resolve({ kind: 'success', profile: toSocialProfile(provider, user as PassportProfile) });
      run.fail = (challenge) => resolve({ kind: 'fail', reason: describe(challenge) });
      run.redirect = (url) => resolve({ kind: 'redirect', url, state: req.oauthState ?? null });
      run.error = (error) => resolve({ kind: 'error', error });
      run.pass = () => resolve({ kind: 'fail', reason: 'passed' });
      try {
        // The provider must send the visitor back to this site's own origin, the same address
        // on the way out and on the token exchange.
        (run.authenticate as (this: unknown, req: unknown, options: object) => void).call(
          run,
          req,
          {
            callbackURL: `${origin}${callbackPath(provider)}`,
          },
        );
      } catch (error) {
        resolve({ kind: 'error', error });
      }
    });
  }
}

function callbackPath(provider: SocialProvider): string {
  return `/api/animata/auth/social/${provider}/callback`;
}

function describe(challenge: unknown): string {
  if (typeof challenge === 'string') return challenge;
  if (challenge && typeof challenge === 'object' && 'message' in challenge)
    return String(challenge.message);
  return 'failed';
}

function toSocialProfile(provider: SocialProvider, profile: PassportProfile): SocialProfile {
  const email = profile.emails?.[0];
  const verifiedFlag = email?.verified ?? profile._json?.email_verified;
  return {
    provider,
    subject: String(profile.id),
    email: email?.value ?? null,
    // Facebook hands out confirmed addresses only; Google says so per address.
    emailVerified:
      provider === 'facebook' ? Boolean(email) : verifiedFlag === true || verifiedFlag === 'true',
    name: profile.displayName ?? '',
  };
}
