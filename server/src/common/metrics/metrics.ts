import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RouteDurations } from './route-durations.js';

/**
 * One queue's jobs by state, as the job queue port reports them (jobs/job-queue.port.ts
 * QueueCounts; restated here so that common/ does not import from jobs/).
 */
export interface QueueFigures {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** When the oldest waiting job became due (ms since the epoch); null with none waiting. */
  oldestWaitingSince: number | null;
}

/** The states of `animata_queue_jobs`. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Buckets of `animata_render_duration_seconds`: from a one-second GIF to the plans' two-hour
 * limit (billing-teams-apps §1), roughly doubling.
 */
export const RENDER_DURATION_BUCKETS = [
  1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 5400, 7200,
];

/** One registry per app instance, so tests can boot several apps in one process. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new RouteDurations();
  readonly jobsCompleted: Counter<'queue' | 'name' | 'outcome'>;
  /**
   * How long a render took from start to its end, by output extension (mp4, gif, …) and outcome
   * (done, failed, aborted): the renders' handler observes it (issue 32).
   */
  readonly renderDuration: Histogram<'extension' | 'outcome'>;
  private readonly queueJobs: Gauge<'queue' | 'state'>;
  private readonly queueOldestWaiting: Gauge<'queue'>;
  private queueSource: {
    read: () => Promise<Record<string, QueueFigures>>;
    now: () => number;
  } | null = null;
  /** The read of the scrape in progress, shared by both queue gauges. */
  private queueRead: Promise<Record<string, QueueFigures> | null> | null = null;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.httpDuration.asMetric());
    this.jobsCompleted = new Counter({
      name: 'jobs_finished_total',
      help: 'Jobs finished by queue, name and outcome',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [this.registry],
    });
    this.renderDuration = new Histogram({
      name: 'animata_render_duration_seconds',
      help: 'Render duration in seconds by output extension and outcome',
      labelNames: ['extension', 'outcome'],
      buckets: RENDER_DURATION_BUCKETS,
      registers: [this.registry],
    });
    // Read on each scrape (collect), from BullMQ or the in-process runner: watchQueues.
    const readQueues = () => this.readQueues();
    const now = () => this.queueSource?.now() ?? Date.now();
    this.queueJobs = new Gauge({
      name: 'animata_queue_jobs',
      help: 'Jobs per queue by state (waiting, active, delayed, failed), read at scrape time',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        const figures = await readQueues();
        this.reset();
        for (const [queue, counts] of Object.entries(figures ?? {}))
          for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state]);
      },
    });
    this.queueOldestWaiting = new Gauge({
      name: 'animata_queue_oldest_waiting_age_seconds',
      help: 'Age in seconds of the oldest waiting job per queue (0 with none waiting)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        const figures = await readQueues();
        this.reset();
        const at = now();
        for (const [queue, counts] of Object.entries(figures ?? {}))
          this.set(
            { queue },
            counts.oldestWaitingSince === null
              ? 0
              : Math.max(0, (at - counts.oldestWaitingSince) / 1000),
          );
      },
    });
  }

  /**
   * Where the queue gauges read their figures on each scrape: the job queue's counts (the jobs
   * runner wires it). A read that fails leaves the gauges without series for that scrape, and
   * the rest of the scrape answers.
   */
  watchQueues(
    read: () => Promise<Record<string, QueueFigures>>,
    now: () => number = Date.now,
  ): void {
    this.queueSource = { read, now };
  }

  private readQueues(): Promise<Record<string, QueueFigures> | null> {
    const source = this.queueSource;
    if (!source) return Promise.resolve(null);
    this.queueRead ??= source
      .read()
      .catch(() => null)
      .finally(() => {
        this.queueRead = null;
      });
    return this.queueRead;
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
