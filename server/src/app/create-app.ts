import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import {
  API_ROOT,
  apiPaths,
  AVATAR_PAYLOAD_MAX_BYTES,
  AVATAR_RASTER_MAX_BYTES,
  catalogueMessages,
  endpoints,
  ownMessages,
  REQUEST_ID_HEADER,
} from '@animata/contracts';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { CatalogueExceptionFilter } from '../common/errors/catalogue-exception.filter.js';
import { toErrorResponse } from '../common/errors/error-response.js';
import { WorkerPool, WorkerPoolClosedError } from '../common/worker-pool/worker-pool.js';
import { createValidationPipe } from '../common/errors/validation.js';
import { registerCsrfProtection } from '../common/http/csrf.js';
import { useJsonBodyParser } from '../common/http/json-body.js';
import { publicOriginOf } from '../common/http/public-origin.js';
import { RedactingLogController } from '../common/http/request-log.js';
import { pageSecurityHeaders, registerSecurityHeaders } from '../common/http/security-headers.js';
import { LiveIoAdapter } from '../live/live-io.adapter.js';
import { seedDemoCustomer, type DemoCredentials } from '../modules/demo/index.js';
import { HealthService } from '../modules/health/index.js';
import { QueueDashboard } from '../modules/operators/index.js';
import { ProjectsService } from '../modules/projects/index.js';
import { isWebhookPath, registerWebhookBodies } from '../modules/billing/index.js';
import { Metrics } from '../common/metrics/metrics.js';
import { startMetricsServer } from '../modules/metrics/index.js';
import { registerRemix } from '../web/remix-bridge.js';
import { AppModule } from './app.module.js';
import { httpBff, inProcessBff } from './in-process-bff.js';
import { createLogger, NestPinoLogger, type AppLogger } from '../common/logger.js';
import { openRuntime, type Runtime } from './runtime.js';

export interface StartedApp {
  app: NestFastifyApplication;
  runtime: Runtime;
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Where Prometheus scrapes, on its own port, e.g. http://127.0.0.1:9464/metrics. */
  metricsUrl: string;
  demo: DemoCredentials | null;
  /** Stops taking work, finishes in-flight requests and jobs, then closes everything. */
  close(): Promise<void>;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request URL without its query string (no array per request, as split('?') would make). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Load balancer probes: answered and measured, but not written to the log. */
const PROBE_PATHS = new Set<string>([apiPaths.health, apiPaths.healthReady]);
function isProbe(request: { url?: string }): boolean {
  return PROBE_PATHS.has(pathOf(request.url ?? ''));
}

/** The API calls that take a multipart body (uploads). */
const MULTIPART_PATHS = new Set<string>([
  endpoints.account.changeAvatar.path,
  endpoints.projects.import.path,
]);

/**
 * Multipart bodies for uploads, with tight limits: one file of at most an avatar's size and one
 * small JSON field (POST change-avatar reads them itself, avatar-upload.ts). Every other API
 * call keeps refusing multipart with 415, as before any upload existed; the pages' own scope
 * (remix-bridge.ts) replaces the parsers and is not affected.
 */
async function registerUploads(
  app: NestFastifyApplication,
  stopping: () => boolean,
): Promise<void> {
  await app.register(
    fastifyMultipart as never,
    {
      throwFileSizeLimit: true,
      limits: {
        fileSize: AVATAR_RASTER_MAX_BYTES,
        files: 1,
        fields: 1,
        parts: 2,
        fieldSize: AVATAR_PAYLOAD_MAX_BYTES,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    } as never,
  );
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    if (stopping() && MULTIPART_PATHS.has(path)) {
      // A graceful stop takes no new upload: handed back before its body is read, and the
      // connection closed so the client's retry reaches a process that is not stopping.
      const { status, body, retryAfterSeconds } = toErrorResponse(
        new WorkerPoolClosedError(),
        String(request.id),
      );
      void reply
        .status(status)
        .header('retry-after', retryAfterSeconds)
        .header('connection', 'close')
        .header('cache-control', 'no-store')
        .send(body);
      return;
    }
    const type = request.headers['content-type'];
    if (typeof type === 'string' && type.toLowerCase().startsWith('multipart/')) {
      if (path.startsWith(`${API_ROOT}/`) && !MULTIPART_PATHS.has(path)) {
        void reply
          .status(415)
          .header('cache-control', 'no-store')
          .send({ error: catalogueMessages.unknownError, requestId: String(request.id) });
        return;
      }
    }
    done();
  });
}

/** Boots one Animata process: runtime, Nest on Fastify, the Remix pages, then listens. */
export async function startApp(
  config: AppConfig,
  logger: AppLogger = createLogger(config),
): Promise<StartedApp> {
  const runtime = await openRuntime(config, logger);
  /** Set when the graceful stop begins. */
  let stopping = false;
  try {
    const metrics = new Metrics();
    const adapter = new FastifyAdapter({
      // With logging off, Fastify gets no logger at all: no child logger per request.
      ...(config.logLevel === 'silent'
        ? {}
        : {
            loggerInstance: logger,
            logController: new RedactingLogController({ disableRequestLogging: isProbe }),
          }),
      bodyLimit: config.bodyLimitBytes,
      // The in-process BFF calls come from loopback with the visitor's address in X-Forwarded-For.
      trustProxy: config.trustProxy,
      // Idle keep-alive sockets must not hold a graceful shutdown open.
      forceCloseConnections: 'idle',
      // While closing, a request that still arrives on an open connection is served (with
      // Connection: close) rather than refused in Fastify's own shape; uploads alone are
      // handed back, in the catalogue's shape (registerUploads).
      return503OnClosing: false,
      // Router refusals (a malformed or too long path parameter) leave in the catalogue's shape too.
      frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        const { status, body } = toErrorResponse(error, String(request.id));
        void reply.status(status).header('cache-control', 'no-store').send(body);
      },
      requestIdHeader: false,
      genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
        const incoming = request.headers[REQUEST_ID_HEADER];
        return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
          ? incoming
          : randomUUID();
      },
    });
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register(runtime, metrics),
      adapter,
      { logger: new NestPinoLogger(logger), bodyParser: true },
    );
    const fastify = app.getHttpAdapter().getInstance();
    // Callback-style hooks: no promise per request on the hot path.
    fastify.addHook('onRequest', (request, reply, done) => {
      void reply.header(REQUEST_ID_HEADER, String(request.id));
      done();
    });
    registerSecurityHeaders(fastify);
    metrics.instrument(fastify);
    // Only reply.setCookie is used (cookies are read from the header where needed): no parse of
    // every request's cookies in an onRequest hook; setCookie parses lazily if it must.
    await app.register(fastifyCookie as never, { hook: false } as never);
    // The gateways' webhooks: their signature is the proof of origin, and it covers the raw bytes.
    registerWebhookBodies(fastify, config.jsonBodyLimitBytes);
    registerCsrfProtection(
      fastify,
      publicOriginOf(config),
      (request) =>
        request.url.startsWith(`${API_ROOT}/`)
          ? {
              status: 403,
              body: { error: ownMessages.csrfRejected, requestId: String(request.id) },
            }
          : { status: 403, body: ownMessages.csrfRejected },
      (request) => isWebhookPath(request.url),
    );
    useJsonBodyParser(app, config.jsonBodyLimitBytes);
    await registerUploads(app, () => stopping);
    // A response sent once the stop began closes its connection: a keep-alive connection left
    // open would hold the stop until SHUTDOWN_TIMEOUT_MS and then be reset.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (stopping) void reply.header('connection', 'close');
      done(null, payload);
    });
    app.useGlobalFilters(new CatalogueExceptionFilter());
    app.useGlobalPipes(createValidationPipe());
    // No app.enableShutdownHooks(): with no signals given Nest listens to all of them and, after
    // its hooks, re-raises the signal, killing the process before runtime.close() (database,
    // embedded PostgreSQL, Redis). main.ts handles the signals; close() runs the hooks anyway.
    app.useWebSocketAdapter(await LiveIoAdapter.open(app, config, logger));
    // The operators' queue dashboard (/admin/queues), before the pages' catch-all.
    await app.get(QueueDashboard).register(fastify);

    if (config.serveWeb) {
      const bffUrl = process.env.BFF_URL;
      await registerRemix(fastify, {
        buildDir: config.webBuildDir,
        mode: config.env,
        publicOrigin: config.publicUrlExplicit ? new URL(config.publicUrl).origin : null,
        bodyLimitBytes: config.bodyLimitBytes,
        formLimitBytes: config.jsonBodyLimitBytes,
        bff: bffUrl ? httpBff(bffUrl) : inProcessBff(fastify),
        securityHeaders: pageSecurityHeaders({
          recaptcha: config.recaptcha !== null,
          cardGateway: config.billing.stripe !== null,
          walletGateway: config.billing.braintree !== null,
          tagManager: config.analytics.tagManagerId !== null,
        }),
      });
    }
    await app.init();

    const demo = config.seedDemo ? await seedDemoCustomer(runtime.dataSource) : null;
    // The seeder writes rows only: their previews come from the thumbnail job.
    if (config.seedDemo) await app.get(ProjectsService).requestMissingDemoPreviews();

    await app.listen({ port: config.port, host: config.host });
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    let metricsServer;
    try {
      metricsServer = await startMetricsServer(metrics, config.metricsHost, config.metricsPort);
    } catch (error) {
      await app.close();
      throw error;
    }

    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= (async () => {
        // Uploads first: new ones are refused at once (503), those whose heavy work has not
        // started are handed back (WorkerPoolClosedError, 503), those running finish.
        stopping = true;
        const pool = app.get(WorkerPool).close();
        app.get(HealthService).markShuttingDown();
        await app.close();
        await pool;
        // Scraped until the end: the last figures of a stop are worth having.
        await metricsServer.close();
        await runtime.close();
      })();
      return closing;
    };
    return { app, runtime, url, metricsUrl: metricsServer.url, demo, close };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
