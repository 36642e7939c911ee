import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { CustomerEntity } from './customer.entity.js';
import { sqlRows } from '../../database/sql.js';

/** E-mail addresses are compared lower-cased and trimmed everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewCustomer {
  email: string;
  name: string;
  passwordHash: string | null;
  verifiedAt: Date | null;
}

/** The columns `toCustomer` maps, for statements of other modules that read a customer too. */
export const CUSTOMER_COLUMNS = `id, email, name, password_hash, verified_at, two_factor_enabled,
  password_changed_at, password_update_postponed_at, created_at, updated_at`;
const SELECT_CUSTOMER = `SELECT ${CUSTOMER_COLUMNS} FROM customers`;

export interface CustomerRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  verified_at: Date | null;
  two_factor_enabled: boolean;
  password_changed_at: Date | null;
  password_update_postponed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function toCustomer(row: CustomerRow): CustomerEntity {
  return Object.assign(new CustomerEntity(), {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    verifiedAt: row.verified_at,
    twoFactorEnabled: row.two_factor_enabled,
    passwordChangedAt: row.password_changed_at,
    passwordUpdatePostponedAt: row.password_update_postponed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

@Injectable()
export class CustomersRepository {
  private readonly customers: Repository<CustomerEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.customers = dataSource.getRepository(CustomerEntity);
  }

  // Reads are plain SQL on hot paths (every login and session check); writes use TypeORM.
  async findById(id: string): Promise<CustomerEntity | null> {
    const rows = await sqlRows<CustomerRow>(this.dataSource, `${SELECT_CUSTOMER} WHERE id = $1`, [
      id,
    ]);
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  async findByEmail(email: string): Promise<CustomerEntity | null> {
    const rows = await sqlRows<CustomerRow>(
      this.dataSource,
      `${SELECT_CUSTOMER} WHERE email = $1`,
      [normaliseEmail(email)],
    );
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  /** Null when the address is taken (the unique index decides, so races are safe). */
  async create(customer: NewCustomer): Promise<CustomerEntity | null> {
    const rows = await sqlRows<CustomerEntity>(
      this.dataSource,
      `INSERT INTO customers (email, name, password_hash, verified_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [normaliseEmail(customer.email), customer.name, customer.passwordHash, customer.verifiedAt],
    );
    const id = rows[0]?.id;
    return id ? this.findById(id) : null;
  }

  async setPassword(id: string, passwordHash: string, at: Date): Promise<void> {
    await this.customers.update(
      { id },
      { passwordHash, passwordChangedAt: at, passwordUpdatePostponedAt: null },
    );
  }

  async clearPassword(id: string): Promise<void> {
    await this.customers.update({ id }, { passwordHash: null });
  }

  async postponePasswordUpdate(id: string, at: Date): Promise<void> {
    await this.customers.update({ id }, { passwordUpdatePostponedAt: at });
  }

  async markVerified(id: string, at: Date): Promise<void> {
    await this.customers
      .createQueryBuilder()
      .update()
      .set({ verifiedAt: at })
      .where('id = :id AND verified_at IS NULL', { id })
      .execute();
  }

  async setTwoFactor(id: string, enabled: boolean): Promise<void> {
    await this.customers.update({ id }, { twoFactorEnabled: enabled });
  }
}
