import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A folder (the spec's label): a customer's, possibly inside another of theirs. */
@Entity({ name: 'labels' })
export class LabelEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  title!: string;

  /** Projects directly inside, kept by the projects_keep_counts trigger; never written here. */
  @Column({ name: 'projects_count', type: 'integer', default: 0, update: false, insert: false })
  projectsCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
