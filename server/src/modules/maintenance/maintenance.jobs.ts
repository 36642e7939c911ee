import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AppLogger } from '../../common/logger.js';
import { LOGGER } from '../../common/tokens.js';
import { JobRegistry } from '../../jobs/job-registry.js';
import { RateLimitHousekeeping } from '../../common/rate-limit/postgres-rate-limiter.js';
import { EmailChangeRepository } from '../account/index.js';
import { AppAuthorizationRepository } from '../apps/index.js';
import { AuthHousekeeping } from '../auth/index.js';
import { PaymentReconciliation, SubscriptionsRepository } from '../billing/index.js';
import { PreviewRequeue } from '../projects/index.js';
import { SessionsService } from '../sessions/index.js';
import { TeamsService } from '../teams/index.js';

export const CLEANUP_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'maintenance.cleanup': removes rows past their time (sessions, sign-in tokens, two-factor
 * challenges, old login failures, expired e-mail changes, rate-limit windows, app codes and
 * tokens), marks subscriptions whose paid time ran out as expired, reconciles the payment
 * attempts a crash left open with their gateway, and queues again the previews still pending
 * (PreviewRequeue). Hourly wherever workers run; safe to run twice.
 */
@Injectable()
export class MaintenanceJobs implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly auth: AuthHousekeeping,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimitHousekeeping,
    private readonly emailChanges: EmailChangeRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly appAuthorizations: AppAuthorizationRepository,
    private readonly payments: PaymentReconciliation,
    private readonly previews: PreviewRequeue,
    private readonly teams: TeamsService,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    this.registry.register('maintenance.cleanup', async () => {
      const expiredSessions = await this.sessions.deleteExpired();
      await this.auth.cleanup();
      await this.emailChanges.deleteExpired(new Date());
      await this.rateLimits.deleteWindowsBefore(new Date(Date.now() - DAY_MS));
      await this.appAuthorizations.deleteExpired(new Date());
      // Paid time that ran out without renewal: the subscription is marked expired (it already
      // reads as expired; the mark keeps queries of later features simple).
      const expiredSubscriptions = await this.subscriptions.expireEnded(new Date());
      // Payment attempts a crash left open (issue 28): adopted from the gateway or abandoned.
      const payments = await this.payments.run();
      // Previews whose job was lost (a stop, a kill) are queued again.
      const requeuedPreviews = await this.previews.requeuePending();
      // Teams whose billing period ended: seat decreases applied, marked entries removed (issue 30).
      const turnedTeams = await this.teams.turnCycles(new Date());
      if (expiredSessions > 0 || expiredSubscriptions > 0)
        this.logger.info(
          { expiredSessions, expiredSubscriptions },
          'maintenance: expired rows removed or marked',
        );
      return { expiredSessions, expiredSubscriptions, payments, requeuedPreviews, turnedTeams };
    });
    this.registry.every('maintenance.cleanup', CLEANUP_EVERY_MS, {});
  }
}
