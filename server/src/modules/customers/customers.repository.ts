import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { CustomerEntity } from './customer.entity.js';

/**
 * E-mail addresses are stored and compared in one form everywhere: trimmed, NFKC-normalised and
 * case-folded, so that look-alike spellings (`ſ` for `s`, the Kelvin sign for `k`, `ß` and `ss`)
 * are one address, never a second account. Upper then lower case approximates Unicode case
 * folding, which JavaScript has no function for.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toUpperCase().toLowerCase();
}

export interface NewCustomer {
  email: string;
  name: string;
  passwordHash: string | null;
  verifiedAt: Date | null;
}

/** The one writer of the `customers` table. */
@Injectable()
export class CustomersRepository {
  private readonly customers: Repository<CustomerEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.customers = dataSource.getRepository(CustomerEntity);
  }

  findById(id: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ id });
  }

  findByEmail(email: string): Promise<CustomerEntity | null> {
    return this.customers.findOneBy({ email: normaliseEmail(email) });
  }

  /** Null when the address is taken (the unique index decides, so races are safe). */
  async create(customer: NewCustomer): Promise<CustomerEntity | null> {
    const result = await this.customers
      .createQueryBuilder()
      .insert()
      .values({ ...customer, email: normaliseEmail(customer.email) })
      .orIgnore()
      .returning('id')
      .execute();
    const id = (result.raw as Array<{ id: string }>)[0]?.id;
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

  async setName(id: string, name: string): Promise<void> {
    await this.customers.update({ id }, { name });
  }

  /** Billing info for invoices (billing-teams-apps §5): already trimmed and checked. */
  async setBillingInfo(
    id: string,
    info: { name: string; details: string; include: boolean },
  ): Promise<void> {
    await this.customers.update(
      { id },
      { billingName: info.name, billingDetails: info.details, billingInclude: info.include },
    );
  }

  async setNewsletter(id: string, unsubscribed: boolean, at: Date): Promise<void> {
    await this.customers.update(
      { id },
      { newsletterUnsubscribed: unsubscribed, newsletterChangedAt: at },
    );
  }

  /** The welcome screen and tour (projects-dashboard §4): still to show, and the step reached. */
  async setProjectsOnboarding(id: string, change: { projects?: boolean; step?: number }) {
    await this.customers.update(
      { id },
      {
        ...(change.projects === undefined ? {} : { onboardingProjects: change.projects }),
        ...(change.step === undefined ? {} : { onboardingStep: change.step }),
      },
    );
  }
}
