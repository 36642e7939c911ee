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
    const [database, redis] = await Promise.all([this.checkDatabase(), this.checkRedis()]);
    const ok = !this.shuttingDown && database === 'up' && redis !== 'down';
    return { status: ok ? 'ok' : 'unavailable', database, redis };
  }

  private async checkDatabase(): Promise<DependencyState> {
    return withTimeout(this.dataSource.query('SELECT 1').then(() => 'up' as const));
  }

  private async checkRedis(): Promise<DependencyState> {
    if (!this.redis) return 'not-configured';
    const redis = this.redis;
    return withTimeout(redis.ping().then((pong) => (pong === 'PONG' ? 'up' : 'down')));
  }
}

async function withTimeout(check: Promise<DependencyState>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => 'down' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
