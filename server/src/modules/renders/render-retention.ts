import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { teamPlanActive } from '../../common/access/index.js';
import type { Clock } from '../../common/clock.js';
import type { AppLogger } from '../../common/logger.js';
import { CLOCK, LOGGER } from '../../common/tokens.js';
import { JobRegistry } from '../../jobs/job-registry.js';
import { RENDER_DISPATCH, type RenderDispatch } from './render-dispatch.port.js';
import { RenderFiles } from './render-file-store.js';
import { RendersRepository } from './renders.repository.js';

export const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** billing-teams-apps §9: "Renders are deleted 60 days after expiry" of a paid plan. */
export const DAYS_AFTER_EXPIRY = 60;
const BATCH = 500;

/**
 * The customers on a paid plan at `$1`: their own subscription in a premium state, or a member
 * of a team whose plan is active (PlanAccess.effectiveLevelOf's rule in SQL; the premium rule
 * is the one teamPlanActive writes for any subscription row `s`).
 */
const PAYING_CUSTOMERS = `
  SELECT s.customer_id FROM subscriptions s WHERE ${teamPlanActive('$1')}
  UNION
  SELECT m.customer_id FROM team_members m
    JOIN teams t ON t.id = m.team_id
    JOIN subscriptions s ON s.id = t.subscription_id
    JOIN billing_plans bp ON bp.id = s.plan_id AND bp.product = 'team'
   WHERE ${teamPlanActive('$1')}`;

/**
 * 'renders.retention' (issue 32; billing-teams-apps §9), hourly: renders of paying customers are
 * kept; those of customers whose paid plan ended are marked for deletion 60 days after its end;
 * renders past delete_at are deleted with their files (a running one is stopped). The limits'
 * figures follow, as they are counted from the rows. Safe to run twice.
 */
@Injectable()
export class RenderRetention implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly renders: RendersRepository,
    private readonly files: RenderFiles,
    @Inject(RENDER_DISPATCH) private readonly dispatch: RenderDispatch,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    this.registry.register('renders.retention', () => this.run());
    this.registry.every('renders.retention', RETENTION_EVERY_MS, {});
  }

  async run(): Promise<{ kept: number; marked: number; deleted: number }> {
    const now = this.clock.now();
    const { kept, marked } = await this.renders.markRetention(
      now,
      PAYING_CUSTOMERS,
      DAYS_AFTER_EXPIRY,
    );
    let deleted = 0;
    for (;;) {
      const rows = await this.renders.deleteExpired(now, BATCH);
      deleted += rows.length;
      const running = rows.filter((row) => row.status !== 'done' && row.status !== 'failed');
      await Promise.allSettled(running.map((row) => this.dispatch.stop(row.id)));
      await this.files.remove(rows);
      const customers = new Set(running.map((row) => row.customer_id));
      await Promise.allSettled([...customers].map((id) => this.dispatch.pump(id)));
      if (rows.length < BATCH) break;
    }
    if (deleted > 0 || marked > 0) {
      this.logger.info({ kept, marked, deleted }, 'renders: retention applied');
    }
    return { kept, marked, deleted };
  }
}
