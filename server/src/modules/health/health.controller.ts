import { endpoints, type HealthResponse, type ReadinessResponse } from '@animata/contracts';
import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService } from './health.service.js';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: the process answers. */
  @Get(endpoints.health.live.path)
  @HttpCode(200)
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /** Readiness: the database (and Redis when configured) answer; 503 otherwise. */
  @Get(endpoints.health.ready.path)
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse> {
    const result = await this.health.readiness();
    void reply.status(result.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return result;
  }
}
