import { Inject, Injectable } from '@nestjs/common';
import {
  APP_SCOPES,
  AUTHORIZATION_CODE_TTL_SECONDS,
  authorizationRequestErrors,
  authorizationRequestProblem,
  displayAppId,
  registeredRedirect,
  requestedApp,
  type AppAuthInfo,
  type AppAuthorizeRequest,
  type AppAuthorizeResponse,
  type OtherAppsResponse,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import type { Clock } from '../../../common/clock.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { hashToken, newToken } from '../../../common/ids.js';
import { CLOCK } from '../../../common/tokens.js';
import { CustomersRepository } from '../../customers/index.js';
import { AppRegistry, type RegisteredApp } from '../app-registry.js';
import { AppAuthorizationException } from './app-authorization.exception.js';
import { AppAuthorizationRepository } from './app-authorization.repository.js';

/** The fixed scope of every grant (decision 82). */
export const APP_SCOPE = APP_SCOPES.join(' ');

/** What the page asked info for: each value as it came in the query, if it was a string. */
export interface AppAuthInfoAsk {
  appId: string | undefined;
  clientId: string | undefined;
  redirectUri: string | undefined;
  origin: string | undefined;
  responseType: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

/**
 * The App ID a call names by `appId` (the spec's) or `client_id` (OAuth's), undefined when
 * neither came; 422 when they name different apps.
 */
function appIdOf(appId: string | undefined, clientId: string | undefined): string | undefined {
  const requested = requestedApp(appId, clientId);
  if (requested.kind === 'conflict')
    throw AppAuthorizationException.field('client_id', authorizationRequestErrors.appIdConflict);
  return requested.kind === 'app' ? requested.appId : undefined;
}

/**
 * The popup result's target: the origin asked for when the app registered it, else the app's
 * first, else none (decision 80). Never `*`.
 */
export function popupOrigin(app: RegisteredApp, asked: string | undefined): string | null {
  if (asked !== undefined && app.origins.includes(asked)) return asked;
  return app.origins[0] ?? null;
}

/**
 * The consent side of app authorization (account-and-auth §2.7, §3, §4.7; decision 82): the
 * page's auth info, the customer's Authorize (a grant and a single-use code), and the other
 * apps table with its revoke.
 */
@Injectable()
export class AppAuthorizationService {
  constructor(
    private readonly access: AccessService,
    private readonly apps: AppRegistry,
    private readonly customers: CustomersRepository,
    private readonly authorizations: AppAuthorizationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * §3 Auth info; `customerId` null when signed out. 404 for an unknown or deleted app, 422 when
   * `appId` and `client_id` name different apps. `problem` says what is wrong with the OAuth
   * parameters, which the page sends back to the app or shows before any consent.
   */
  async info(ask: AppAuthInfoAsk, customerId: string | null): Promise<AppAuthInfo> {
    const app = await this.requireApp(appIdOf(ask.appId, ask.clientId));
    const customer = customerId === null ? null : await this.customers.findById(customerId);
    return {
      app: { id: displayAppId(app.id), name: app.name },
      customer: customer ? { email: customer.email, name: customer.name } : null,
      origin: popupOrigin(app, ask.origin),
      redirect:
        ask.redirectUri === undefined
          ? null
          : {
              uri: ask.redirectUri,
              allowed: registeredRedirect(app.redirectUris, ask.redirectUri) !== null,
            },
      problem: authorizationRequestProblem({
        response_type: ask.responseType,
        code_challenge: ask.codeChallenge,
        code_challenge_method: ask.codeChallengeMethod,
      }),
    };
  }

  /**
   * The customer's Authorize: a registered redirect URI (or, without one, a popup origin) is
   * required, and a PKCE S256 challenge (the DTO); the grant is created or refreshed and a code
   * issued for it, bound to the challenge.
   */
  async authorize(actor: Actor, request: AppAuthorizeRequest): Promise<AppAuthorizeResponse> {
    const appId = appIdOf(request.appId, request.client_id);
    if (appId === undefined)
      throw AppAuthorizationException.field('appId', authorizationRequestErrors.missingAppId);
    const app = await this.requireApp(appId);
    let redirectUri: string | null = null;
    if (request.redirect_uri !== undefined) {
      redirectUri = registeredRedirect(app.redirectUris, request.redirect_uri);
      if (redirectUri === null)
        throw AppAuthorizationException.redirectNotRegistered(request.redirect_uri);
    } else if (app.origins.length === 0) {
      throw AppAuthorizationException.noPopupOrigin();
    }

    const authorizationId = await this.authorizations.grant(actor.customerId, app.id, APP_SCOPE);
    const code = newToken();
    await this.authorizations.insertCode({
      hash: hashToken(code),
      authorizationId,
      redirectUri,
      codeChallenge: request.code_challenge,
      expiresAt: new Date(this.clock.now().getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
    });
    return {
      code,
      ...(request.state === undefined ? {} : { state: request.state }),
      appId: displayAppId(app.id),
    };
  }

  /** The other apps table, newest grant first. */
  async list(actor: Actor): Promise<OtherAppsResponse> {
    const rows = await this.authorizations.listOf(actor.customerId);
    return {
      appAuths: rows.map((row) => ({
        id: row.id,
        name: row.app_name,
        created: row.created_at.toISOString(),
        lastUsed: row.last_used_at?.toISOString() ?? null,
      })),
    };
  }

  /** Revokes one's own grant: its codes and tokens die with it. Anyone else's answers 404. */
  async revoke(actor: Actor, id: string): Promise<OtherAppsResponse> {
    await this.access.require(actor, Permission.AppAuthorizationRevoke, [id]);
    await this.authorizations.delete(id);
    return this.list(actor);
  }

  private async requireApp(appId: unknown): Promise<RegisteredApp> {
    const app = await this.apps.find(appId);
    if (!app) throw CommonException.notFound();
    return app;
  }
}
