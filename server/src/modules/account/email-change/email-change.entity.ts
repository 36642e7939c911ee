import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A pending e-mail change: one per customer, confirmed through the mailed link. */
@Entity({ name: 'email_changes' })
export class EmailChangeEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  /** Normalised like every stored address (normaliseEmail). */
  @Column({ name: 'new_email', type: 'varchar', length: 254 })
  newEmail!: string;

  /** SHA-256 of the link's token; the token itself is only in the mail. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'last_sent_at', type: 'timestamptz' })
  lastSentAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
