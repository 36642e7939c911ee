import type { RenderExtension, RenderJobInput, RenderStatus } from '@animata/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A render (export) and its job: migrations/1796600000000-Renders.ts. */
@Entity({ name: 'renders' })
export class RenderEntity {
  /** 32 lowercase letters and digits; also the render queue's job id (one render per id). */
  @PrimaryColumn({ type: 'char', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  /** Null once the project is deleted; the render and its title stay. */
  @Column({ name: 'project_id', type: 'char', length: 32, nullable: true })
  projectId!: string | null;

  @Column({ name: 'project_title', type: 'varchar', length: 64 })
  projectTitle!: string;

  @Column({ type: 'varchar', length: 64 })
  title!: string;

  @Column({ type: 'varchar', length: 8 })
  extension!: RenderExtension;

  @Column({ name: 'job_input', type: 'jsonb' })
  jobInput!: RenderJobInput;

  /** Free and starter renders carry the watermark (decided when asked for). */
  @Column({ type: 'boolean' })
  watermark!: boolean;

  /** The output's length in ms. */
  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ type: 'varchar', length: 12, default: 'queued' })
  status!: RenderStatus;

  @Column({ type: 'smallint', default: 0 })
  percent!: number;

  @Column({ name: 'eta_seconds', type: 'integer', nullable: true })
  etaSeconds!: number | null;

  /** Why it failed, for the customer. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Within the customer's line: higher first (set-priotity). */
  @Column({ type: 'smallint', default: 0 })
  priority!: number;

  /** The plan's access level when asked for: paid plans go first in the queue. */
  @Column({ name: 'plan_rank', type: 'smallint', default: 0 })
  planRank!: number;

  /** bigint arrives as a string from pg. */
  @Column({ name: 'size_bytes', type: 'bigint', default: 0 })
  sizeBytes!: string;

  /** Where the output is in file storage; null until done. */
  @Column({ name: 'file_key', type: 'text', nullable: true })
  fileKey!: string | null;

  /** Tries started by workers. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Files produced: 1 once done, never more (a retried or duplicated job renders once). */
  @Column({ type: 'integer', default: 0 })
  completions!: number;

  @Column({ name: 'share_expires_at', type: 'timestamptz', nullable: true })
  shareExpiresAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** When retention deletes it; null when kept. */
  @Column({ name: 'delete_at', type: 'timestamptz', nullable: true })
  deleteAt!: Date | null;
}
