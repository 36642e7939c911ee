import type { FastifyInstance } from 'fastify';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { RouteDurations } from './route-durations.js';

/** One registry per app instance, so tests can boot several apps in one process. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new RouteDurations();
  readonly jobsCompleted: Counter<'queue' | 'name' | 'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.httpDuration.asMetric());
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
      this.httpDuration.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
}
