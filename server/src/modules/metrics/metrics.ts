import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app instance, so tests can boot several apps in one process. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobsCompleted: Counter<'queue' | 'name' | 'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.jobsCompleted = new Counter({
      name: 'jobs_finished_total',
      help: 'Jobs finished by queue, name and outcome',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [this.registry],
    });
  }

  /** Times every request by its route template (never the raw URL: unbounded labels). */
  instrument(fastify: FastifyInstance): void {
    // A callback hook: no promise per request.
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
