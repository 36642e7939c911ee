import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  loginUrlFor,
  authMessages,
  encodeNotification,
  NOTIFICATION_COOKIE,
  NOTIFICATION_COOKIE_MAX_AGE_SECONDS,
  safeRedirect,
  SNACKBAR_TIMEOUT_MS,
} from '@animata/contracts';
import type { AppConfig } from '../../../config/config.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CONFIG } from '../../../common/tokens.js';
import { cookieBase, readCookie } from '../../../common/http/cookies.js';
import { SessionsService, setSessionCookie } from '../../sessions/index.js';
import { OAUTH_STATE_COOKIE, setDeviceCookie } from '../auth-cookies.js';
import { clientContext } from '../client-context.js';
import { newToken } from '../../../common/ids.js';
import { OAuthStrategies } from './oauth-strategies.js';
import { SocialAuthService } from './social-auth.service.js';
import { isSocialProvider, type SocialProvider } from './social-profile.js';
import { publicOrigin } from '../../../common/http/public-origin.js';

interface OAuthCookie {
  state: string;
  provider: SocialProvider;
  redirectTo: string;
}

const OAUTH_COOKIE_TTL_S = 10 * 60;

/** /auth/social/{provider}?redirectTo=… leads here; the provider answers at …/callback. */
@Controller()
export class SocialController {
  constructor(
    private readonly strategies: OAuthStrategies,
    private readonly social: SocialAuthService,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(endpoints.auth.social.start.path)
  async start(
    @Param('provider') provider: string,
    @Query('redirectTo') redirectTo: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!isSocialProvider(provider)) throw CommonException.notFound();
    // A browser navigation (an old link, a provider switched off): the login page, not JSON.
    if (!this.strategies.has(provider)) {
      return reply
        .status(302)
        .header('cache-control', 'no-store')
        .redirect(loginUrlFor(safeRedirect(redirectTo)));
    }
    const known = provider;
    const result = await this.strategies.run(known, request, null, this.origin(request));
    if (result.kind !== 'redirect' || !result.state) {
      return this.failed(reply, known, safeRedirect(redirectTo));
    }
    const cookie: OAuthCookie = {
      state: result.state,
      provider: known,
      redirectTo: safeRedirect(redirectTo),
    };
    void reply.setCookie(
      OAUTH_STATE_COOKIE,
      Buffer.from(JSON.stringify(cookie)).toString('base64url'),
      {
        ...cookieBase(this.config.env),
        maxAge: OAUTH_COOKIE_TTL_S,
      },
    );
    return reply.status(302).header('cache-control', 'no-store').redirect(result.url);
  }

  @Get(endpoints.auth.social.callback.path)
  async callback(
    @Param('provider') provider: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const known = this.provider(provider);
    const saved = readOAuthCookie(readCookie(request.headers.cookie, OAUTH_STATE_COOKIE));
    void reply.clearCookie(OAUTH_STATE_COOKIE, cookieBase(this.config.env));
    const redirectTo = saved?.redirectTo ?? '/';
    const expected = saved && saved.provider === known ? saved.state : null;
    const result = await this.strategies.run(known, request, expected, this.origin(request));
    if (result.kind !== 'success') {
      if (result.kind === 'error')
        request.log.warn({ err: result.error, provider: known }, 'social sign-in failed');
      return this.failed(reply, known, redirectTo);
    }
    const outcome = await this.social.signIn(result.profile);
    if (!outcome.ok) return this.failed(reply, known, redirectTo, outcome.message);
    const client = clientContext(request);
    const sessionToken = await this.sessions.create(outcome.customerId, {
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
      ...(client.ipAddress ? { ipAddress: client.ipAddress } : {}),
    });
    setSessionCookie(reply, this.config, sessionToken);
    if (!client.deviceCookie) setDeviceCookie(reply, this.config, newToken());
    return reply.status(302).header('cache-control', 'no-store').redirect(redirectTo);
  }

  private provider(value: string): SocialProvider {
    if (!isSocialProvider(value) || !this.strategies.has(value)) throw CommonException.notFound();
    return value;
  }

  /** Back to the login page, keeping where the visitor was going, with the reason as a notice. */
  private failed(
    reply: FastifyReply,
    provider: SocialProvider,
    redirectTo: string,
    message?: string,
  ): FastifyReply {
    const name = provider.charAt(0).toUpperCase() + provider.slice(1);
    const text = message ?? authMessages.socialFailed.replace('{provider}', name);
    void reply.setCookie(
      NOTIFICATION_COOKIE,
      encodeNotification({ type: 'error', message: text, timeout: SNACKBAR_TIMEOUT_MS }),
      { ...cookieBase(this.config.env), maxAge: NOTIFICATION_COOKIE_MAX_AGE_SECONDS },
    );
    return reply.status(302).header('cache-control', 'no-store').redirect(loginUrlFor(redirectTo));
  }

  private origin(request: FastifyRequest): string {
    return publicOrigin(this.config, request);
  }
}

function readOAuthCookie(value: string | null): OAuthCookie | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as Partial<OAuthCookie>;
    if (typeof parsed.state !== 'string' || typeof parsed.provider !== 'string') return null;
    return {
      state: parsed.state,
      provider: parsed.provider as SocialProvider,
      redirectTo: safeRedirect(parsed.redirectTo),
    };
  } catch {
    return null;
  }
}
