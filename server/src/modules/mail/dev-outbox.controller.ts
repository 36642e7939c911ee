import { endpoints, type OutboxListResponse } from '@animata/contracts';
import { Controller, Delete, Get, Header, HttpCode } from '@nestjs/common';
import { DevOutboxService } from './dev-outbox.service.js';

@Controller()
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
