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

  @Column({ name: 'is_demo', type: 'boolean', default: false })
  isDemo!: boolean;

  @Column({ type: 'integer', default: 1920 })
  width!: number;

  @Column({ type: 'integer', default: 1080 })
  height!: number;

  @Column({ name: 'duration_ms', type: 'integer', default: 0 })
  durationMs!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
