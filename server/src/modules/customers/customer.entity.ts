import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Always lower-case; see normaliseEmail. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'two_factor_enabled', type: 'boolean', default: false })
  twoFactorEnabled!: boolean;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt!: Date | null;

  @Column({ name: 'password_update_postponed_at', type: 'timestamptz', nullable: true })
  passwordUpdatePostponedAt!: Date | null;

  /** The newsletter choice: unsubscribed until the customer opts in. */
  @Column({ name: 'newsletter_unsubscribed', type: 'boolean', default: true })
  newsletterUnsubscribed!: boolean;

  @Column({ name: 'newsletter_changed_at', type: 'timestamptz', nullable: true })
  newsletterChangedAt!: Date | null;

  /** The welcome screen and tour are still to show (projects-dashboard §4 Onboarding). */
  @Column({ name: 'onboarding_projects', type: 'boolean', default: true })
  onboardingProjects!: boolean;

  /** The last tour step the customer reached. */
  @Column({ name: 'onboarding_step', type: 'smallint', default: 0 })
  onboardingStep!: number;

  /** The operator's grant to create developer apps (`npm run developers`; decision 80). */
  @Column({ name: 'developer_since', type: 'timestamptz', nullable: true })
  developerSince!: Date | null;

  /** Billing info for invoices (billing-teams-apps §3 Customer.billing, §5); '' when not given. */
  @Column({ name: 'billing_name', type: 'varchar', length: 180, default: '' })
  billingName!: string;

  @Column({ name: 'billing_details', type: 'varchar', length: 500, default: '' })
  billingDetails!: string;

  /** Shown on invoices only when a value differs from the account's name or e-mail (§5). */
  @Column({ name: 'billing_include', type: 'boolean', default: false })
  billingInclude!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
