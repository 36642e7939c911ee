import { Controller, Get, Header, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { endpoints, InvoicesQueryDto, type InvoicesResponse } from '@animata/contracts';
import type { FastifyReply } from 'fastify';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { attachmentDisposition } from '../../../common/http/attachment.js';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { invoicePdf } from './invoice-pdf.js';
import { InvoicesService } from './invoices.service.js';

/** GET customer/invoices and customer/invoices/{id}/view (billing-teams-apps §7). */
@Controller()
@UseGuards(SessionGuard)
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(endpoints.invoices.list.path)
  @Header('cache-control', 'no-store')
  list(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Query() query: InvoicesQueryDto,
  ): Promise<InvoicesResponse> {
    return this.invoices.list(auth, query);
  }

  /** The PDF, streamed as pdfkit writes it. */
  @Get(endpoints.invoices.view.path)
  async view(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { fileName, invoice } = await this.invoices.document(auth, id);
    await reply
      .headers({
        'content-type': 'application/pdf',
        'content-disposition': attachmentDisposition(fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      })
      .send(invoicePdf(invoice, this.config.seller));
  }
}
