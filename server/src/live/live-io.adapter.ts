import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppLogger } from '../common/logger.js';
import type { AppConfig } from '../config/config.js';
import { isSameOrigin } from './same-origin.js';

type LiveAdapterConfig = Pick<
  AppConfig,
  'redisUrl' | 'redisPrefix' | 'publicUrl' | 'publicUrlExplicit'
>;

interface Publisher {
  publish(channel: string | Buffer, message: string | Buffer): Promise<number>;
}

/** Channel prefix of the Redis adapter: processes with the same REDIS_PREFIX share rooms. */
export function liveRedisKey(redisPrefix: string): string {
  return `${redisPrefix}:socket.io`;
}

/**
 * The Redis adapter publishes and never looks at the result, so a publish failing while Redis is
 * away would be an unhandled rejection, which ends a Node process. Live updates are best-effort:
 * log the failure instead (the browser catches up on its next page load).
 */
export function logPublishFailures<T extends Publisher>(
  client: T,
  logger: Pick<AppLogger, 'warn'>,
): T {
  const publish = client.publish.bind(client);
  client.publish = (channel: string | Buffer, message: string | Buffer) => {
    const sent = publish(channel, message);
    sent.catch((error: unknown) => {
      logger.warn({ err: error, channel: String(channel) }, 'live channel: publish failed');
    });
    return sent;
  };
  return client;
}

/**
 * Nest's Socket.IO adapter, set up for Animata's live channel: on the app's own HTTP server
 * (same port as the pages and the API), same-origin only, rooms shared through Redis when
 * REDIS_URL is set (the in-memory adapter of one process otherwise), and a shutdown that closes
 * the live connections instead of waiting for them.
 */
export class LiveIoAdapter extends IoAdapter {
  private closing = false;

  private constructor(
    app: INestApplicationContext,
    private readonly config: LiveAdapterConfig,
    private readonly log: AppLogger,
    private readonly redis: { pub: Redis; sub: Redis } | null,
  ) {
    super(app);
  }

  /** Connects the Redis publisher and subscriber first, so rooms are shared from the start. */
  static async open(
    app: INestApplicationContext,
    config: LiveAdapterConfig,
    logger: AppLogger,
  ): Promise<LiveIoAdapter> {
    const redisUrl = config.redisUrl;
    if (!redisUrl) return new LiveIoAdapter(app, config, logger, null);
    const connect = (role: string) => {
      const client = new Redis(redisUrl, {
        lazyConnect: true,
        connectionName: `animata-live-${role}`,
      });
      client.on('error', (error) => logger.warn({ err: error, role }, 'live channel: Redis error'));
      return client;
    };
    const pub = logPublishFailures(connect('pub'), logger);
    const sub = connect('sub');
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (error) {
      pub.disconnect();
      sub.disconnect();
      throw error;
    }
    return new LiveIoAdapter(app, config, logger, { pub, sub });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    // A gateway's `cors` option is ignored on purpose: the channel is same-origin only.
    const { cors: _cors, ...rest }: Partial<ServerOptions> = options ?? {};
    const publicOrigin = this.config.publicUrlExplicit
      ? new URL(this.config.publicUrl).origin
      : null;
    const liveOptions: Partial<ServerOptions> = {
      ...rest,
      allowRequest: (request, callback) => {
        if (this.closing) return callback('server shutting down', false);
        const allowed = isSameOrigin(request.headers.origin, request.headers.host, publicOrigin);
        callback(allowed ? null : 'origin not allowed', allowed);
      },
      ...(this.redis
        ? {
            adapter: createAdapter(this.redis.pub, this.redis.sub, {
              key: liveRedisKey(this.config.redisPrefix),
            }),
          }
        : {}),
    };
    // Nest types the options as complete; Socket.IO itself takes a partial set with defaults.
    return super.createIOServer(port, liveOptions as ServerOptions);
  }

  /**
   * Closes this process's live connections without waiting for them (browsers reconnect, to
   * another process or after the restart), leaves the Redis channels, and leaves the HTTP server
   * to Fastify, which owns it and closes it next.
   */
  override async close(server: Server): Promise<void> {
    this.closing = true;
    // Closing the engine ends every transport (WebSocket and pending long-polls) of this process
    // only; `server.disconnectSockets()` would also reach other processes through Redis.
    server.engine.close();
    // The live channel has one namespace, the main one; its Redis adapter leaves its channels.
    await server.sockets.adapter.close();
  }

  override async dispose(): Promise<void> {
    if (!this.redis) return;
    const { pub, sub } = this.redis;
    await Promise.all(
      [pub, sub].map((client) =>
        client.quit().then(
          () => undefined,
          () => client.disconnect(),
        ),
      ),
    );
    this.log.debug('live channel: Redis connections closed');
  }
}
