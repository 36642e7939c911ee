import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AppLogger } from '../../app/logger.js';
import { LOGGER } from '../../common/tokens.js';
import { JobRegistry } from '../../jobs/job-registry.js';
import { SessionsService } from '../auth/sessions.service.js';

export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * 'maintenance.cleanup': removes rows past their time (expired sessions today; more as features
 * land). Hourly wherever workers run; safe to run twice.
 */
@Injectable()
export class MaintenanceJobs implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly sessions: SessionsService,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    this.registry.register('maintenance.cleanup', async () => {
      const expiredSessions = await this.sessions.deleteExpired();
      if (expiredSessions > 0) this.logger.info({ expiredSessions }, 'maintenance: expired rows removed');
      return { expiredSessions };
    });
    this.registry.every('maintenance.cleanup', CLEANUP_EVERY_MS, {});
  }
}
