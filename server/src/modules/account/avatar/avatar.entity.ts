import type { AvatarMimeType } from '@animata/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer's avatar: one row per customer, its files in storage (avatar-files.ts). */
@Entity({ name: 'avatars' })
export class AvatarEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'customer_id', type: 'uuid', unique: true })
  customerId!: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 32 })
  mimeType!: AvatarMimeType;

  /** The stored files' sizes: [64, 512] for a raster image, [150] for an SVG. */
  @Column({ type: 'smallint', array: true })
  sizes!: number[];

  /** Raised by every change, so a file address (`?v=`) never shows an older image. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  /** Names this upload's files in storage (random per upload). */
  @Column({ name: 'file_token', type: 'char', length: 16 })
  fileToken!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
