import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** A project's public link as stored (projects.is_public and the issue-31 columns). */
export interface PublicLinkRecord {
  isPublic: boolean;
  expiresAt: Date | null;
  passwordHash: string | null;
}

/** What the public page plays of a project: nothing of its owner. */
export interface PublicProjectRecord extends PublicLinkRecord {
  id: string;
  title: string;
  durationMs: number;
  width: number;
  height: number;
  fps: number | null;
  background: string | null;
}

/** A change of the public link: an absent field keeps what is stored. */
export interface PublicLinkChange {
  isPublic: boolean;
  expiresAt?: Date | null;
  passwordHash?: string | null;
}

interface LinkRow {
  is_public: boolean;
  public_expires_at: Date | null;
  public_password_hash: string | null;
}

const toLink = (row: LinkRow): PublicLinkRecord => ({
  isPublic: row.is_public,
  expiresAt: row.public_expires_at,
  passwordHash: row.public_password_hash,
});

/** The public link's reads and writes of `projects` (issue 31). */
@Injectable()
export class PublicLinksRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The public links of these projects, by id (one query for a whole page of them). */
  async linksOf(ids: string[]): Promise<Map<string, PublicLinkRecord>> {
    if (ids.length === 0) return new Map();
    const rows: Array<LinkRow & { id: string }> = await this.dataSource.query(
      `SELECT id, is_public, public_expires_at, public_password_hash
         FROM projects WHERE id = ANY($1::bpchar[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, toLink(row)]));
  }

  /** Saves the change; answers the link as it now is, or null when the project is gone. */
  async save(id: string, change: PublicLinkChange): Promise<PublicLinkRecord | null> {
    const [rows]: [LinkRow[], number] = await this.dataSource.query(
      `UPDATE projects SET is_public = $2,
              public_expires_at = CASE WHEN $3 THEN $4::timestamptz ELSE public_expires_at END,
              public_password_hash = CASE WHEN $5 THEN $6::text ELSE public_password_hash END
        WHERE id = $1
        RETURNING is_public, public_expires_at, public_password_hash`,
      [
        id,
        change.isPublic,
        change.expiresAt !== undefined,
        change.expiresAt ?? null,
        change.passwordHash !== undefined,
        change.passwordHash ?? null,
      ],
    );
    const row = rows[0];
    return row ? toLink(row) : null;
  }

  /** The project as the public page plays it; null for no such row. */
  async publicProject(id: string): Promise<PublicProjectRecord | null> {
    const rows: Array<
      LinkRow & {
        id: string;
        title: string;
        duration_ms: number;
        width: number;
        height: number;
        fps: string | null;
        background: string | null;
      }
    > = await this.dataSource.query(
      `SELECT id, title, duration_ms, width, height, is_public, public_expires_at,
              public_password_hash, data->'options'->>'fps' AS fps,
              data->'options'->>'background' AS background
         FROM projects WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const fps = row.fps === null ? null : Number(row.fps);
    return {
      ...toLink(row),
      id: row.id,
      title: row.title,
      durationMs: row.duration_ms,
      width: row.width,
      height: row.height,
      fps: fps !== null && Number.isFinite(fps) && fps > 0 ? fps : null,
      background: row.background,
    };
  }

  /** The stored (sanitised) document and its data version; null when there is none. */
  async document(id: string): Promise<{ document: string; version: number } | null> {
    const rows: Array<{ document: string | null; preview_version: number }> =
      await this.dataSource.query(
        `SELECT data->>'document' AS document, preview_version FROM projects WHERE id = $1`,
        [id],
      );
    const row = rows[0];
    return row && row.document !== null
      ? { document: row.document, version: row.preview_version }
      : null;
  }
}
