import type { DependencyState, ReadinessResponse } from '@animata/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE, REDIS } from '../../common/tokens.js';

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private shuttingDown = false;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  /** Once shutdown starts, readiness fails so a load balancer stops sending traffic. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async readiness(): Promise<ReadinessResponse> {
    const [database, redis] = this.redis
      ? await Promise.all([this.checkDatabase(), this.checkRedis(this.redis)])
      : [await this.checkDatabase(), 'not-configured' as const];
    const ok = !this.shuttingDown && database === 'up' && redis !== 'down';
    return { status: ok ? 'ok' : 'unavailable', database, redis };
  }

  private checkDatabase(): Promise<DependencyState> {
    return withTimeout(this.dataSource.query('SELECT 1').then(() => 'up'));
  }

  private checkRedis(redis: Redis): Promise<DependencyState> {
    return withTimeout(redis.ping().then((pong) => (pong === 'PONG' ? 'up' : 'down')));
  }
}

/** The check's state, or 'down' when it fails or takes longer than CHECK_TIMEOUT_MS. */
function withTimeout(check: Promise<DependencyState>): Promise<DependencyState> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
    check.then(
      (state) => {
        clearTimeout(timer);
        resolve(state);
      },
      () => {
        clearTimeout(timer);
        resolve('down');
      },
    );
  });
}
