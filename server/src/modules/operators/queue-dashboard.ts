import { operatorMessages, QUEUE_DASHBOARD_PATH, REQUEST_ID_HEADER } from '@animata/contracts';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AccessService, Permission, VISITOR } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { toErrorResponse } from '../../common/errors/error-response.js';
import {
  PERMISSIONS_POLICY,
  QUEUE_DASHBOARD_CONTENT_SECURITY_POLICY,
} from '../../common/http/security-headers.js';
import { CONFIG, JOB_QUEUE, REDIS } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { queues, type QueueName } from '../../jobs/job-names.js';
import type { JobQueue } from '../../jobs/job-queue.port.js';
import { SessionsService } from '../sessions/index.js';

const QUEUE_NAMES: QueueName[] = Object.values(queues);

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The writes of bull-board's API an admin operator may make (issue 32: "admin may retry,
 * promote and remove jobs"), one job or all of a state. Every other write it offers (pause,
 * resume, add, edit data, empty, obliterate, schedulers, limits) is refused to every operator
 * (decision 290).
 */
const ADMIN_WRITES = new Set(
  [
    'PUT /api/queues/:queueName/:jobId/retry',
    'PUT /api/queues/:queueName/retry/:queueStatus',
    'PUT /api/queues/:queueName/:jobId/promote',
    'PUT /api/queues/:queueName/promote',
    'PUT /api/queues/:queueName/:jobId/clean',
    'PUT /api/queues/:queueName/clean/:queueStatus',
  ].map((route) => route.replace(' /', ` ${QUEUE_DASHBOARD_PATH}/`)),
);

/** bull-board's list of queues: what its page reads to show or hide the buttons that write. */
const QUEUE_LIST_ROUTE = `${QUEUE_DASHBOARD_PATH}/api/queues`;

/** bull-board's page links Google Fonts; our policy loads nothing from elsewhere. */
const GOOGLE_FONTS_LINK = /<link[^>]+href="https:\/\/fonts\.googleapis\.com[^>]*>\s*/g;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the queue list for an operator who may not write: the page then shows no buttons. */
    queueDashboardReadOnly?: boolean;
  }
}

/**
 * The operators' queue dashboard at /admin/queues (issue 32): bull-board on the BullMQ queues
 * when REDIS_URL is set, and a short page with the in-process runner's counts without it
 * (decision 292). Operators only, by the session cookie and the access layer
 * (QueuesRead, QueuesManage): everyone else gets the catalogue's 404 for the page, its API and
 * its assets alike.
 */
@Injectable()
export class QueueDashboard implements OnModuleDestroy {
  private bullQueues: Queue[] = [];

  constructor(
    private readonly sessions: SessionsService,
    private readonly access: AccessService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
  ) {}

  /** Adds the dashboard's routes to the app's Fastify instance (before it listens). */
  async register(fastify: FastifyInstance): Promise<void> {
    const redis = this.config.redisUrl ? this.redis : null;
    const board = redis ? await this.openBoard(redis) : null;
    await fastify.register(
      async (scope) => {
        scope.addHook('onRequest', (request, reply) => this.guard(request, reply));
        scope.addHook('onSend', async (request, reply, payload) =>
          typeof payload === 'string' ? this.adjust(request, reply, payload) : payload,
        );
        if (board) await scope.register(board);
        else scope.get('/', (_request, reply) => this.inProcessPage(reply));
        // Nothing else lives here: the catalogue's 404 (after the guard, for operators too).
        scope.all('/*', (request, reply) => refuse(request, reply, CommonException.notFound()));
      },
      { prefix: QUEUE_DASHBOARD_PATH },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.bullQueues.map((queue) => queue.close()));
    this.bullQueues = [];
  }

  /** bull-board on a Queue of each name (the runtime's connection, shared; never closed here). */
  private async openBoard(redis: Redis) {
    // Loaded only with Redis configured, as BullMQ itself (jobs.module.ts).
    const [{ Queue }, { createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] =
      await Promise.all([
        import('bullmq'),
        import('@bull-board/api'),
        import('@bull-board/api/bullMQAdapter'),
        import('@bull-board/fastify'),
      ]);
    this.bullQueues = QUEUE_NAMES.map(
      (name) => new Queue(name, { connection: redis, prefix: this.config.redisPrefix }),
    );
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.bullQueues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter,
      options: { uiConfig: { boardTitle: operatorMessages.inProcessTitle } },
    });
    return serverAdapter.registerPlugin();
  }

  /**
   * Who may do what, decided on the server for every request under the path: non-operators get
   * 404; support may read; admin may also make ADMIN_WRITES. Refusals to operators are 403s
   * with a message, since they know the dashboard is there.
   */
  private async guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    void reply.headers({
      'content-security-policy': QUEUE_DASHBOARD_CONTENT_SECURITY_POLICY,
      'permissions-policy': PERMISSIONS_POLICY,
      'x-frame-options': 'DENY',
    });
    const actor = (await this.sessions.authenticate(request.headers.cookie)) ?? VISITOR;
    const readable = await this.access.check(actor, Permission.QueuesRead, QUEUE_NAMES);
    if (readable.size === 0) return refuse(request, reply, CommonException.notFound());
    const queue = (request.params as { queueName?: unknown } | undefined)?.queueName;
    const concerned = typeof queue === 'string' ? [queue] : QUEUE_NAMES;
    const isRead = SAFE_METHODS.has(request.method);
    if (isRead && request.routeOptions.url !== QUEUE_LIST_ROUTE) return;
    const manageable = await this.access.check(actor, Permission.QueuesManage, concerned);
    const mayManage = concerned.every((name) => manageable.has(name));
    if (isRead) {
      request.queueDashboardReadOnly = !mayManage;
      return;
    }
    if (!mayManage)
      return refuse(request, reply, CommonException.forbidden(operatorMessages.readOnly));
    if (!ADMIN_WRITES.has(`${request.method} ${request.routeOptions.url}`))
      return refuse(request, reply, CommonException.forbidden(operatorMessages.actionNotOffered));
  }

  /**
   * The page without the Google Fonts link; the queue list, for an operator who may not write,
   * with every queue read-only so bull-board shows no buttons (the guard refuses them anyway).
   */
  private adjust(request: FastifyRequest, reply: FastifyReply, payload: string): string {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) return payload.replace(GOOGLE_FONTS_LINK, '');
    if (!request.queueDashboardReadOnly || reply.statusCode !== 200) return payload;
    const body = JSON.parse(payload) as { queues?: Array<Record<string, unknown>> };
    for (const queue of body.queues ?? []) {
      queue.readOnlyMode = true;
      queue.allowRetries = false;
      queue.allowCompletedRetries = false;
    }
    return JSON.stringify(body);
  }

  /** Without Redis: where the jobs run, and their counts now. */
  private async inProcessPage(reply: FastifyReply): Promise<void> {
    const counts = await this.jobQueue.counts();
    const [queueColumn, ...figureColumns] = operatorMessages.inProcessColumns;
    const rows = QUEUE_NAMES.map((name) => {
      const { waiting, active, delayed, failed } = counts[name];
      const cells = [waiting, active, delayed, failed].map((n) => `<td>${n}</td>`).join('');
      return `<tr><th scope="row">${escapeHtml(name)}</th>${cells}</tr>`;
    }).join('');
    const head = [queueColumn, ...figureColumns]
      .map((column) => `<th scope="col">${escapeHtml(column)}</th>`)
      .join('');
    await reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<meta name="robots" content="noindex"><title>${escapeHtml(operatorMessages.inProcessTitle)}</title>` +
          `<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2430}` +
          `table{border-collapse:collapse}th,td{padding:.4rem .8rem;border-bottom:1px solid #dde1e8;text-align:right}` +
          `th[scope=row],th[scope=col]:first-child{text-align:left}</style></head><body>` +
          `<h1>${escapeHtml(operatorMessages.inProcessHeading)}</h1>` +
          `<p>${escapeHtml(operatorMessages.inProcessBody)}</p>` +
          `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></body></html>`,
      );
  }
}

/** A refusal in the catalogue's shape, with the request id, as every other answer. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  error: CommonException,
): FastifyReply {
  const { status, body } = toErrorResponse(error, String(request.id));
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(REQUEST_ID_HEADER, String(request.id))
    .send(body);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
