import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../config/config.js';
import { Metrics } from '../common/metrics/metrics.js';
import type { QueueName } from './job-names.js';
import type { JobContext, JobEvent, JobHandlers, JobQueue, QueueCounts } from './job-queue.port.js';
import { JobRegistry } from './job-registry.js';
import { JobsRunner } from './jobs.runner.js';

/** Records what the runner asks of the queue. */
class RecordingQueue implements JobQueue {
  handlers: JobHandlers | null = null;
  schedules: Array<[string, unknown, number]> = [];
  closed = false;
  async add() {
    return { id: '1' };
  }
  async schedule(name: string, data: unknown, everyMs: number) {
    this.schedules.push([name, data, everyMs]);
  }
  async startWorkers(handlers: JobHandlers) {
    this.handlers = handlers;
  }
  async counts(): Promise<Record<QueueName, QueueCounts>> {
    const none = { waiting: 0, active: 0, delayed: 0, failed: 0, oldestWaitingSince: null };
    return { mail: none, renders: none, thumbnails: none, maintenance: none };
  }
  onEvent(_listener: (event: JobEvent) => void) {
    return () => undefined;
  }
  async close() {
    this.closed = true;
  }
}

function setup(env: Record<string, string> = {}) {
  const queue = new RecordingQueue();
  const registry = new JobRegistry();
  const metrics = new Metrics();
  const runner = new JobsRunner(
    queue,
    registry,
    loadConfig(env),
    metrics,
    pino({ level: 'silent' }),
  );
  return { queue, registry, metrics, runner };
}

const context = (attempt: number, attempts: number): JobContext<'mail.send'> => ({
  id: '7',
  name: 'mail.send',
  data: { to: 'a@example.com', subject: 's', text: 't' },
  attempt,
  attempts,
  reportProgress: async () => undefined,
});

describe('JobsRunner', () => {
  it('starts the workers and the schedules where workers run', async () => {
    const { queue, registry, runner } = setup();
    registry.register('mail.send', async () => 'sent');
    registry.register('maintenance.cleanup', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    registry.every('maintenance.cleanup', 3_600_000, {});
    await runner.onApplicationBootstrap();
    assert.ok(queue.handlers);
    assert.deepEqual(queue.schedules, [['maintenance.cleanup', {}, 3_600_000]]);
  });

  it('starts neither workers nor schedules when RUN_WORKERS is false', async () => {
    const { queue, registry, runner } = setup({
      RUN_WORKERS: 'false',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    registry.register('mail.send', async () => undefined);
    registry.register('maintenance.cleanup', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    registry.every('maintenance.cleanup', 1000, {});
    await runner.onApplicationBootstrap();
    assert.equal(queue.handlers, null);
    assert.deepEqual(queue.schedules, []);
  });

  it('refuses to boot with a missing handler, and lets go of the queue', async () => {
    const { queue, registry, runner } = setup({
      RUN_WORKERS: 'false',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    registry.register('mail.send', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    await assert.rejects(runner.onApplicationBootstrap(), /no handler for "maintenance.cleanup"/);
    assert.equal(queue.closed, true);
  });

  it('counts completed, retried and failed tries in jobs_finished_total', async () => {
    const { queue, registry, metrics, runner } = setup();
    let fail = false;
    registry.register('mail.send', async () => {
      if (fail) throw new Error('down');
      return 'sent';
    });
    registry.register('maintenance.cleanup', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    await runner.onApplicationBootstrap();
    const handler = queue.handlers!['mail.send'];
    assert.equal(await handler(context(1, 3)), 'sent');
    fail = true;
    await assert.rejects(handler(context(1, 2)), /down/);
    await assert.rejects(handler(context(2, 2)), /down/);
    const text = await metrics.registry.metrics();
    assert.match(
      text,
      /jobs_finished_total\{queue="mail",name="mail.send",outcome="completed"\} 1/,
    );
    assert.match(text, /jobs_finished_total\{queue="mail",name="mail.send",outcome="retried"\} 1/);
    assert.match(text, /jobs_finished_total\{queue="mail",name="mail.send",outcome="failed"\} 1/);
  });

  it('closes the queue on application shutdown', async () => {
    const { queue, runner } = setup();
    await runner.onApplicationShutdown();
    assert.equal(queue.closed, true);
  });
});
