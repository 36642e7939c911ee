import { Inject, Injectable } from '@nestjs/common';
import {
  dateRangeBounds,
  invoiceFileName,
  normalizeDateRange,
  type InvoicesQuery,
  type InvoicesResponse,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import type { Clock } from '../../../common/clock.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { CLOCK } from '../../../common/tokens.js';
import { type InvoiceDocument, InvoicesRepository } from './invoices.repository.js';

/** The invoices list and documents (billing-teams-apps §2 Invoices page, §7 Invoices). */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly access: AccessService,
    private readonly repository: InvoicesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The actor's invoices, newest first, paid within the range (whole GMT days, inclusive). */
  async list(actor: Actor, query: InvoicesQuery): Promise<InvoicesResponse> {
    const range = normalizeDateRange({ from: query.from, to: query.to }, this.clock.now());
    const { start, end } = dateRangeBounds(range);
    const rows = await this.repository.listOfCustomer(actor.customerId, start, end);
    return {
      data: rows.map((row) => ({
        id: row.id,
        invoice_id: row.number,
        created_at: row.paidAt.toISOString(),
        total: row.totalCents / 100,
      })),
    };
  }

  /** One invoice to print; someone else's or an unknown id answers 404. */
  async document(
    actor: Actor,
    id: string,
  ): Promise<{ fileName: string; invoice: InvoiceDocument }> {
    await this.access.require(actor, Permission.InvoiceRead, [id]);
    const invoice = await this.repository.document(id);
    if (!invoice) throw CommonException.notFound();
    return { fileName: invoiceFileName(invoice.number), invoice };
  }
}
