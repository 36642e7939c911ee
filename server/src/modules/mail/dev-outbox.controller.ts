import { endpoints, type OutboxListResponse } from '@animata/contracts';
import { Controller, Delete, Get, Header, HttpCode, UseGuards } from '@nestjs/common';
import { DevOutboxGuard } from './dev-outbox.guard.js';
import { DevOutboxService } from './dev-outbox.service.js';

/** Only with the key printed at start, from this machine, not through a proxy (the guard). */
@Controller()
@UseGuards(DevOutboxGuard)
export class DevOutboxController {
  constructor(private readonly outbox: DevOutboxService) {}

  @Get(endpoints.dev.outbox.path)
  @Header('cache-control', 'no-store')
  list(): Promise<OutboxListResponse> {
    return this.outbox.list();
  }

  @Delete(endpoints.dev.clearOutbox.path)
  @HttpCode(204)
  clear(): Promise<void> {
    return this.outbox.clear();
  }
}
