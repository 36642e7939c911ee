import { Inject, Injectable } from '@nestjs/common';
import type { AppRole } from '@animata/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** One app as a member sees it, with everyone else's membership. */
export interface OwnAppRecord {
  id: string;
  name: string;
  secret_hint: string;
  secret_created_at: Date;
  secret_last_used_at: Date | null;
  redirect_uris: string[];
  origins: string[];
  created_at: Date;
  role: AppRole;
  /** The other members, oldest first; the viewer is left out. */
  others: Array<{ id: string; role: AppRole; customer_id: string; email: string }>;
}

/** A new app's stored fields: the secret only as its hash and last four characters. */
export interface NewAppRow {
  id: string;
  name: string;
  secretHash: string;
  secretHint: string;
}

export interface AppChanges {
  name?: string;
  redirectUris?: string[];
  origins?: string[];
}

/** What a membership change did: done, or refused because it would leave the app no admin. */
export type MembershipChange = 'done' | 'last-admin' | 'gone';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * The one writer of `apps` and `app_members` (AppRegistry only reads them and stamps
 * `secret_last_used_at`). Membership changes lock the app's row, so two admins removing or
 * demoting each other at once run one after the other and the second sees the first's result.
 */
@Injectable()
export class OwnAppsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Every app the customer has a role on, newest first, in one statement. */
  async listFor(customerId: string): Promise<OwnAppRecord[]> {
    return this.dataSource.query(
      `SELECT a.id, a.name, a.secret_hint, a.secret_created_at, a.secret_last_used_at,
              a.redirect_uris, a.origins, a.created_at, me.role,
              COALESCE(
                json_agg(json_build_object('id', o.id, 'role', o.role, 'customer_id', o.customer_id,
                                           'email', c.email)
                         ORDER BY o.created_at, o.id) FILTER (WHERE o.id IS NOT NULL),
                '[]'::json) AS others
         FROM app_members me
         JOIN apps a ON a.id = me.app_id
         LEFT JOIN app_members o ON o.app_id = a.id AND o.customer_id <> me.customer_id
         LEFT JOIN customers c ON c.id = o.customer_id
        WHERE me.customer_id = $1
        GROUP BY a.id, me.role
        ORDER BY a.created_at DESC, a.id DESC`,
      [customerId],
    );
  }

  /** Whether the customer holds the developer grant (decision 80). */
  async isDeveloper(customerId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM customers WHERE id = $1 AND developer_since IS NOT NULL`,
      [customerId],
    );
    return rows.length > 0;
  }

  /** The app and its creator as its admin, together. */
  async create(adminId: string, app: NewAppRow): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      await db.query(
        `INSERT INTO apps (id, name, secret_hash, secret_hint) VALUES ($1, $2, $3, $4)`,
        [app.id, app.name, app.secretHash, app.secretHint],
      );
      await db.query(
        `INSERT INTO app_members (app_id, customer_id, role) VALUES ($1, $2, 'admin')`,
        [app.id, adminId],
      );
    });
  }

  async update(id: string, changes: AppChanges): Promise<void> {
    await this.dataSource.query(
      `UPDATE apps SET name = COALESCE($2, name),
                       redirect_uris = COALESCE($3::text[], redirect_uris),
                       origins = COALESCE($4::text[], origins)
        WHERE id = $1`,
      [id, changes.name ?? null, changes.redirectUris ?? null, changes.origins ?? null],
    );
  }

  /** Deletes the app; its members, authorizations, codes and tokens go with it (cascade). */
  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM apps WHERE id = $1`, [id]);
  }

  /** A new secret; the current one becomes the previous, accepted `overlapSeconds` more. */
  async replaceSecret(
    id: string,
    secretHash: string,
    secretHint: string,
    overlapSeconds: number,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE apps SET previous_secret_hash = secret_hash,
                       previous_secret_expires_at = now() + make_interval(secs => $4),
                       secret_hash = $2, secret_hint = $3, secret_created_at = now()
        WHERE id = $1`,
      [id, secretHash, secretHint, overlapSeconds],
    );
  }

  /**
   * Gives the customer the role on the app (adds them, or changes their role); refused when it
   * would demote the app's only admin.
   */
  async setMember(appId: string, customerId: string, role: AppRole): Promise<MembershipChange> {
    return this.dataSource.transaction(async (db) => {
      if (!(await this.lockApp(db, appId))) return 'gone';
      if (role !== 'admin' && (await this.isOnlyAdmin(db, appId, { customerId })))
        return 'last-admin';
      await db.query(
        `INSERT INTO app_members (app_id, customer_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (app_id, customer_id) DO UPDATE SET role = EXCLUDED.role`,
        [appId, customerId, role],
      );
      return 'done';
    });
  }

  /** Removes a membership; refused when it is the app's only admin. */
  async removeMember(memberId: string): Promise<MembershipChange> {
    return this.dataSource.transaction(async (db) => {
      const rows: Array<{ app_id: string }> = await db.query(
        `SELECT app_id FROM app_members WHERE id = $1`,
        [memberId],
      );
      const appId = rows[0]?.app_id;
      if (appId === undefined || !(await this.lockApp(db, appId))) return 'gone';
      if (await this.isOnlyAdmin(db, appId, { memberId })) return 'last-admin';
      // TypeORM answers a DELETE … RETURNING as [rows, affected].
      const [removed] = (await db.query(`DELETE FROM app_members WHERE id = $1 RETURNING id`, [
        memberId,
      ])) as [unknown[], number];
      return removed.length > 0 ? 'done' : 'gone';
    });
  }

  /** Serialises membership changes of one app: its row, locked to the transaction's end. */
  private async lockApp(db: Queryable, appId: string): Promise<boolean> {
    const rows: unknown[] = await db.query(`SELECT 1 FROM apps WHERE id = $1 FOR UPDATE`, [appId]);
    return rows.length > 0;
  }

  /** Whether the membership (by id, or by customer) is the app's one admin. */
  private async isOnlyAdmin(
    db: Queryable,
    appId: string,
    who: { memberId: string } | { customerId: string },
  ): Promise<boolean> {
    const [column, value] =
      'memberId' in who ? ['id', who.memberId] : ['customer_id', who.customerId];
    const rows: Array<{ only: boolean }> = await db.query(
      `SELECT count(*) FILTER (WHERE role = 'admin') = 1
              AND bool_or(role = 'admin' AND ${column} = $2) AS only
         FROM app_members WHERE app_id = $1`,
      [appId, value],
    );
    return rows[0]?.only === true;
  }
}
