import { Inject, Injectable } from '@nestjs/common';
import type { AvatarMimeType } from '@animata/contracts';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { AvatarEntity } from './avatar.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AvatarRecord {
  id: string;
  customerId: string;
  mimeType: AvatarMimeType;
  sizes: number[];
  version: number;
  fileToken: string;
}

interface AvatarRow {
  id: string;
  customer_id: string;
  mime_type: AvatarMimeType;
  sizes: number[];
  version: number;
  file_token: string;
}

const toRecord = (row: AvatarRow): AvatarRecord => ({
  id: row.id,
  customerId: row.customer_id,
  mimeType: row.mime_type,
  sizes: row.sizes.map(Number),
  version: row.version,
  fileToken: row.file_token,
});

/** The one writer of the `avatars` table. */
@Injectable()
export class AvatarRepository {
  private readonly avatars: Repository<AvatarEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.avatars = dataSource.getRepository(AvatarEntity);
  }

  async findByCustomer(customerId: string): Promise<AvatarRecord | null> {
    return this.avatars.findOneBy({ customerId });
  }

  /** Null for an id that is not a uuid (a file address anyone can type). */
  async findById(id: string): Promise<AvatarRecord | null> {
    if (!UUID.test(id)) return null;
    return this.avatars.findOneBy({ id });
  }

  /**
   * Stores the customer's first avatar, or replaces the one at `previousVersion`. False when
   * another upload got there first (a row already exists, or the version moved on): the caller
   * drops its files and reports a conflict, so two uploads never leave a row without files.
   */
  async save(next: AvatarRecord, previousVersion: number | null): Promise<boolean> {
    const rows: AvatarRow[] =
      previousVersion === null
        ? await this.dataSource.query(
            `INSERT INTO avatars (id, customer_id, mime_type, sizes, version, file_token)
             VALUES ($1, $2, $3, $4::smallint[], $5, $6)
             ON CONFLICT (customer_id) DO NOTHING
             RETURNING id`,
            [next.id, next.customerId, next.mimeType, next.sizes, next.version, next.fileToken],
          )
        : (
            await this.dataSource.query(
              `UPDATE avatars SET mime_type = $3, sizes = $4::smallint[], version = $5,
                 file_token = $7, updated_at = now()
               WHERE id = $1 AND customer_id = $2 AND version = $6
               RETURNING id`,
              [
                next.id,
                next.customerId,
                next.mimeType,
                next.sizes,
                next.version,
                previousVersion,
                next.fileToken,
              ],
            )
          )[0];
    return rows.length > 0;
  }

  /** Deletes the row and answers what it was, so its files can go too; null if already gone. */
  async remove(id: string): Promise<AvatarRecord | null> {
    const [rows]: [AvatarRow[], number] = await this.dataSource.query(
      `DELETE FROM avatars WHERE id = $1 RETURNING id, customer_id, mime_type, sizes, version, file_token`,
      [id],
    );
    const row = rows[0];
    return row ? toRecord(row) : null;
  }
}
