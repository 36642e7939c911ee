import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A developer app (billing-teams-apps §3 "Own app"); written only by the own apps service. */
@Entity({ name: 'apps' })
export class AppEntity {
  /** 29 lowercase letters and digits; shown as `ai_{id}`. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** hashToken of the full secret (`sk_…`). */
  @Column({ name: 'secret_hash', type: 'text' })
  secretHash!: string;

  /** The secret's last four characters, for the masked display. */
  @Column({ name: 'secret_hint', type: 'text' })
  secretHint!: string;

  @Column({ name: 'secret_created_at', type: 'timestamptz' })
  secretCreatedAt!: Date;

  @Column({ name: 'secret_last_used_at', type: 'timestamptz', nullable: true })
  secretLastUsedAt!: Date | null;

  /** The secret before the last regeneration, accepted until previousSecretExpiresAt. */
  @Column({ name: 'previous_secret_hash', type: 'text', nullable: true })
  previousSecretHash!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @Column({ name: 'redirect_uris', type: 'text', array: true, default: () => "'{}'" })
  redirectUris!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  origins!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
