import type { ProjectData } from '@animata/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'projects' })
export class ProjectEntity {
  /** 32 lowercase letters and digits: the /{id} of the spec's routes, not guessable. */
  @PrimaryColumn({ type: 'char', length: 32 })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 64 })
  title!: string;

  /** The folder; null for none. Deleting the folder moves the project out (set null). */
  @Column({ name: 'label_id', type: 'uuid', nullable: true })
  labelId!: string | null;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic!: boolean;

  @Column({ name: 'is_demo', type: 'boolean', default: false })
  isDemo!: boolean;

  /** The original of a changed demo, or of a copy. */
  @Column({ name: 'from_id', type: 'char', length: 32, nullable: true })
  fromId!: string | null;

  @Column({ type: 'integer', default: 1920 })
  width!: number;

  @Column({ type: 'integer', default: 1080 })
  height!: number;

  @Column({ name: 'duration_ms', type: 'integer', default: 0 })
  durationMs!: number;

  /** `{options, document, definitions}`; never selected by the lists. */
  @Column({ type: 'jsonb', select: false, default: () => `'{}'::jsonb` })
  data!: ProjectData;

  /** Bytes taken from the storage limit: the data and the preview. */
  @Column({ name: 'size_bytes', type: 'integer', default: 0 })
  sizeBytes!: number;

  /** Where the current preview is in file storage; null until the first is written. */
  @Column({ name: 'preview_key', type: 'text', nullable: true })
  previewKey!: string | null;

  /** Raised on every change of the data; a preview job writes the preview of one version. */
  @Column({ name: 'preview_version', type: 'integer', default: 0 })
  previewVersion!: number;

  @Column({ name: 'pending_preview', type: 'boolean', default: false })
  pendingPreview!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
