import { EventEmitter } from 'node:events';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { liveEvents, type RenderUpdatePayload } from '@animata/contracts';
import type { Redis } from 'ioredis';
import type { AppLogger } from '../../../common/logger.js';
import { CONFIG, LOGGER, REDIS } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { LiveService } from '../../../live/live.service.js';

/** Waits this long for Redis to take a stop or an update; the row stays the truth meanwhile. */
const PUBLISH_TIMEOUT_MS = 1_000;

interface UpdateMessage {
  customerId: string;
  payload: RenderUpdatePayload;
}

export const renderBusChannels = (prefix: string) => ({
  stop: `${prefix}:renders:stop`,
  updates: `${prefix}:renders:updates`,
});

/**
 * Render messages between processes (decision 271). With REDIS_URL, two Redis
 * pub/sub channels: `stop` reaches the worker running a render on any machine, and `updates`
 * carries a worker's render-update to every web process, whose LiveService sends it to the
 * customer's browsers (a worker process has no Socket.IO server of its own). Without Redis
 * everything runs in this one process and both go straight through.
 */
@Injectable()
export class RenderBus implements OnModuleInit, OnModuleDestroy {
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;
  private readonly channels: { stop: string; updates: string };
  private readonly logger: AppLogger;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(CONFIG) config: AppConfig,
    private readonly live: LiveService,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.channels = renderBusChannels(config.redisPrefix);
    this.logger = logger.child({ component: 'renders' });
    this.local.setMaxListeners(0);
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.duplicate({ connectionName: 'animata-renders-bus' });
    subscriber.on('error', (error) => this.logger.warn({ err: error }, 'renders bus: Redis error'));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channels.stop) this.local.emit('stop', message);
      else if (channel === this.channels.updates) this.deliver(message);
    });
    this.subscriber = subscriber;
    await subscriber.subscribe(this.channels.stop, this.channels.updates);
  }

  async onModuleDestroy(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** Tells whichever process runs the render to stop it. */
  async stop(renderId: string): Promise<void> {
    if (!this.redis) {
      this.local.emit('stop', renderId);
      return;
    }
    await this.publish(this.channels.stop, renderId);
  }

  onStop(listener: (renderId: string) => void): () => void {
    this.local.on('stop', listener);
    return () => this.local.off('stop', listener);
  }

  /** A render-update for the customer's browsers, from whichever process has them. */
  update(customerId: string, payload: RenderUpdatePayload): void {
    if (!this.redis) {
      this.live.toCustomer(customerId, liveEvents.renderUpdate, payload);
      return;
    }
    const message: UpdateMessage = { customerId, payload };
    void this.publish(this.channels.updates, JSON.stringify(message));
  }

  private deliver(message: string): void {
    let update: UpdateMessage;
    try {
      update = JSON.parse(message) as UpdateMessage;
    } catch {
      return;
    }
    this.live.toCustomer(update.customerId, liveEvents.renderUpdate, update.payload);
  }

  /** Best effort: a publish while Redis is away is logged, never thrown. */
  private async publish(channel: string, message: string): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.publish(channel, message),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Redis did not answer in time.')),
            PUBLISH_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      this.logger.warn({ err: error, channel }, 'renders bus: publish failed');
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}
