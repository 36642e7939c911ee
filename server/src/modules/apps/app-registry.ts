import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isSecretKeyShape, parseAppId } from '@animata/contracts';
import type { DataSource, Repository } from 'typeorm';
import { hashToken } from '../../common/ids.js';
import { DATA_SOURCE } from '../../common/tokens.js';
import { AppEntity } from './app.entity.js';

/** What the authorization side knows of an app. */
export interface RegisteredApp {
  /** The stored id (29 characters), not `ai_…`. */
  id: string;
  name: string;
  redirectUris: string[];
  origins: string[];
}

function toRegistered(app: AppEntity): RegisteredApp {
  return { id: app.id, name: app.name, redirectUris: app.redirectUris, origins: app.origins };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The apps module's read side for app authorization: finds an app by its App ID and checks a
 * client's secret (the current one, or the previous one during its overlap). It writes only
 * `secret_last_used_at`, which the own apps table shows.
 */
@Injectable()
export class AppRegistry {
  private readonly apps: Repository<AppEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.apps = dataSource.getRepository(AppEntity);
  }

  /** The app behind `ai_{id}` (or a bare id), or null for an unknown, deleted or malformed one. */
  async find(appId: unknown): Promise<RegisteredApp | null> {
    const id = parseAppId(appId);
    if (id === null) return null;
    const app = await this.apps.findOneBy({ id });
    return app ? toRegistered(app) : null;
  }

  /**
   * The app when `secret` is its secret key at `now`, else null. Every refusal looks the same
   * (unknown app, malformed or wrong secret, expired previous secret).
   */
  async authenticateClient(
    appId: unknown,
    secret: unknown,
    now: Date,
  ): Promise<RegisteredApp | null> {
    const id = parseAppId(appId);
    if (id === null || !isSecretKeyShape(secret)) return null;
    const app = await this.apps.findOneBy({ id });
    if (!app) return null;
    const offered = hashToken(secret);
    const current = sameHash(offered, app.secretHash);
    const previous =
      app.previousSecretHash !== null &&
      app.previousSecretExpiresAt !== null &&
      app.previousSecretExpiresAt > now &&
      sameHash(offered, app.previousSecretHash);
    if (!current && !previous) return null;
    await this.apps.update({ id }, { secretLastUsedAt: now });
    return toRegistered(app);
  }
}
