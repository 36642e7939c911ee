import { Injectable } from '@nestjs/common';
import {
  APP_KEY_BODY_LENGTH,
  APP_SECRET_PREFIX,
  appNameError,
  appsMessages,
  originProblem,
  parseAppId,
  PREVIOUS_SECRET_OVERLAP_SECONDS,
  redirectUriProblem,
  type AddAppManagerRequest,
  type AppManager,
  type CreateOwnAppRequest,
  type OwnApp,
  type OwnAppsResponse,
  type UpdateOwnAppRequest,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { hashToken, newPublicId } from '../../../common/ids.js';
import { CustomersRepository } from '../../customers/index.js';
import { OwnAppsException } from './own-apps.exception.js';
import {
  type MembershipChange,
  type OwnAppRecord,
  OwnAppsRepository,
} from './own-apps.repository.js';

/** The secret shown once: the app it belongs to and its full text. */
interface FreshSecret {
  appId: string;
  secret: string;
}

/** A stored row as the table shows it; the full secret only for the app that just got it. */
export function toOwnApp(row: OwnAppRecord, fresh?: FreshSecret): OwnApp {
  const managers: Record<string, AppManager> = {};
  for (const other of row.others)
    managers[other.email] = { id: other.id, role: other.role, customer_id: other.customer_id };
  return {
    id: row.id,
    name: row.name,
    secret: fresh?.appId === row.id ? fresh.secret : null,
    secretHint: row.secret_hint,
    secretCreated: new Date(row.secret_created_at).toISOString(),
    secretLastUsed: row.secret_last_used_at
      ? new Date(row.secret_last_used_at).toISOString()
      : null,
    role: row.role,
    created: new Date(row.created_at).toISOString(),
    managers,
    redirectUris: row.redirect_uris,
    origins: row.origins,
  };
}

/** The first problem of a list of redirect URIs or origins, as a field error. */
export function listProblem(
  field: 'redirectUris' | 'origins',
  values: readonly string[],
  problem: (value: string) => string | undefined,
): OwnAppsException | null {
  for (const value of values) {
    const message = problem(value);
    if (message !== undefined) return OwnAppsException.field(field, message);
  }
  return null;
}

/** A fresh secret key: `sk_` and 29 random letters and digits (decision 81). */
function newSecret(): string {
  return `${APP_SECRET_PREFIX}${newPublicId(APP_KEY_BODY_LENGTH)}`;
}

/**
 * Own apps (billing-teams-apps §5-§7; decisions 80, 81): a developer creates apps and is their
 * admin; admins rename them, register their redirect URIs and origins, regenerate the secret,
 * delete them, and add, re-role or remove members; managers only see them. Every call answers
 * the whole list, newest first.
 */
@Injectable()
export class OwnAppsService {
  constructor(
    private readonly access: AccessService,
    private readonly apps: OwnAppsRepository,
    private readonly customers: CustomersRepository,
  ) {}

  async list(actor: Actor, fresh?: FreshSecret): Promise<OwnAppsResponse> {
    const [rows, canCreateApps] = await Promise.all([
      this.apps.listFor(actor.customerId),
      this.apps.isDeveloper(actor.customerId),
    ]);
    return { ownApps: rows.map((row) => toOwnApp(row, fresh)), canCreateApps };
  }

  async create(actor: Actor, request: CreateOwnAppRequest): Promise<OwnAppsResponse> {
    if (!(await this.apps.isDeveloper(actor.customerId))) throw OwnAppsException.notADeveloper();
    const name = this.validName(request.name);
    const id = newPublicId(APP_KEY_BODY_LENGTH);
    const secret = newSecret();
    await this.apps.create(actor.customerId, {
      id,
      name,
      secretHash: hashToken(secret),
      secretHint: secret.slice(-4),
    });
    return this.list(actor, { appId: id, secret });
  }

  async update(actor: Actor, id: string, request: UpdateOwnAppRequest): Promise<OwnAppsResponse> {
    await this.access.require(actor, Permission.AppAdminister, [id]);
    const name = request.name === undefined ? undefined : this.validName(request.name);
    const redirectUris = request.redirectUris && [...new Set(request.redirectUris)];
    const origins = request.origins && [...new Set(request.origins)];
    const problem =
      (redirectUris && listProblem('redirectUris', redirectUris, redirectUriProblem)) ||
      (origins && listProblem('origins', origins, originProblem));
    if (problem) throw problem;
    await this.apps.update(id, { name, redirectUris, origins });
    return this.list(actor);
  }

  async delete(actor: Actor, id: string): Promise<OwnAppsResponse> {
    await this.access.require(actor, Permission.AppAdminister, [id]);
    await this.apps.delete(id);
    return this.list(actor);
  }

  /** A new secret, in full in this answer only; the previous one works an hour more. */
  async regenerateSecret(actor: Actor, id: string): Promise<OwnAppsResponse> {
    await this.access.require(actor, Permission.AppAdminister, [id]);
    const secret = newSecret();
    await this.apps.replaceSecret(
      id,
      hashToken(secret),
      secret.slice(-4),
      PREVIOUS_SECRET_OVERLAP_SECONDS,
    );
    return this.list(actor, { appId: id, secret });
  }

  /** Adds a customer by e-mail with a role, or gives an existing member the new role. */
  async addManager(actor: Actor, request: AddAppManagerRequest): Promise<OwnAppsResponse> {
    const appId = parseAppId(request.app);
    if (appId === null) throw CommonException.notFound();
    await this.access.require(actor, Permission.AppAdminister, [appId]);
    const customer = await this.customers.findByEmail(request.email);
    if (!customer) throw OwnAppsException.field('email', appsMessages.noSuchCustomer);
    this.settle(await this.apps.setMember(appId, customer.id, request.role));
    return this.list(actor);
  }

  /** Removes a membership of an app the actor administers; never the app's only admin. */
  async removeManager(actor: Actor, memberId: string): Promise<OwnAppsResponse> {
    await this.access.require(actor, Permission.AppMemberRemove, [memberId]);
    this.settle(await this.apps.removeMember(memberId));
    return this.list(actor);
  }

  private settle(change: MembershipChange): void {
    if (change === 'last-admin') throw OwnAppsException.lastAdmin();
    if (change === 'gone') throw CommonException.notFound();
  }

  /** The DTO trims and checks the length in UTF-16; this checks it as PostgreSQL counts. */
  private validName(name: string): string {
    const trimmed = name.trim();
    const error = appNameError(trimmed);
    if (error !== undefined) throw OwnAppsException.field('name', error);
    return trimmed;
  }
}
