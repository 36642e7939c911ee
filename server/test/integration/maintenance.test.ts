import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import type { JobEvent, JobQueue } from '../../src/jobs/job-queue.port.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer } from '../support/factories.js';
import { waitUntil } from '../support/waits.js';
import { insertProject, projectRow } from './project-files.support.js';

describe('maintenance.cleanup', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('deletes expired sessions and e-mail changes, keeps live ones, reconciles open payment attempts, and is counted in the metrics', async () => {
    const db = app.runtime.dataSource;
    // The start's own run (the schedule's first) must not take the rows below first: the
    // maintenance queue runs one job at a time, so one queued now ends after it.
    await cleanupNow('after-the-start');
    const [customer] = await db.query(
      "INSERT INTO customers (email, name) VALUES ('old@example.com', 'Old') RETURNING id",
    );
    await db.query(
      `INSERT INTO sessions (id, customer_id, expires_at) VALUES
        ($1, $3, now() - interval '1 minute'),
        ($2, $3, now() + interval '1 day')`,
      ['e'.repeat(64), 'l'.repeat(64), customer.id],
    );
    const [other] = await db.query(
      "INSERT INTO customers (email, name) VALUES ('moving@example.com', 'Moving') RETURNING id",
    );
    await db.query(
      `INSERT INTO email_changes (customer_id, new_email, token_hash, expires_at) VALUES
        ($1, 'gone@example.com', $3, now() - interval '1 minute'),
        ($2, 'kept@example.com', $4, now() + interval '1 day')`,
      [customer.id, other.id, 'a'.repeat(64), 'b'.repeat(64)],
    );
    // A payment attempt a crash left open before the gateway heard of it: abandoned.
    await db.query(
      `INSERT INTO payment_attempts
         (customer_id, gateway, product, plan_id, idempotency_key, created_at)
       VALUES ($1, 'sandbox-card', 'pro', 'pro-monthly', 'pay-left-open', now() - interval '1 minute')`,
      [customer.id],
    );
    const event = await cleanupNow('cleanup-now');
    assert.deepEqual(event.type === 'completed' ? event.result : event, {
      expiredSessions: 1,
      expiredSubscriptions: 0,
      payments: { adopted: 0, abandoned: 1 },
      requeuedPreviews: 0,
      turnedTeams: 0,
    });
    const attempts: Array<{ state: string }> = await db.query('SELECT state FROM payment_attempts');
    assert.deepEqual(attempts, [{ state: 'abandoned' }]);
    const left: Array<{ id: string }> = await db.query('SELECT id FROM sessions');
    assert.deepEqual(
      left.map((row) => row.id),
      ['l'.repeat(64)],
    );
    const changes: Array<{ new_email: string }> = await db.query(
      'SELECT new_email FROM email_changes',
    );
    assert.deepEqual(
      changes.map((row) => row.new_email),
      ['kept@example.com'],
    );

    const metrics = await (await fetch(app.metricsUrl)).text();
    assert.match(
      metrics,
      /jobs_finished_total\{queue="maintenance",name="maintenance.cleanup",outcome="completed"\} [1-9]/,
    );
  });

  async function cleanupNow(jobId: string): Promise<JobEvent> {
    const queue = app.app.get<JobQueue>(JOB_QUEUE);
    const done = new Promise<JobEvent>((resolve) => {
      const stop = queue.onEvent((event) => {
        if (event.jobId === jobId && event.type !== 'progress') {
          stop();
          resolve(event);
        }
      });
    });
    await queue.add('maintenance.cleanup', {}, { jobId });
    return done;
  }

  const previewWritten = (id: string) =>
    waitUntil(
      async () => (await projectRow(app.runtime.dataSource, id))?.pending_preview === false,
      'the preview written',
    );

  it('queues again the previews still pending whose job was lost, and each is written', async () => {
    const owner = await newCustomer(app.runtime.dataSource);
    // Rows as a stop leaves them: committed, preview pending, the job never queued.
    const first = await insertProject(app.runtime.dataSource, owner.id);
    const second = await insertProject(app.runtime.dataSource, owner.id, { previewVersion: 3 });
    const event = await cleanupNow('cleanup-previews');
    assert.equal(event.type, 'completed');
    const result = (event as { result: { requeuedPreviews: number } }).result;
    assert.ok(result.requeuedPreviews >= 2, JSON.stringify(result));
    await previewWritten(first.id);
    await previewWritten(second.id);
    assert.equal((await projectRow(app.runtime.dataSource, second.id))?.preview_version, 3);
  });

  it('queues the previews left pending when the process starts', async () => {
    const owner = await newCustomer(app.runtime.dataSource);
    const pending = await insertProject(app.runtime.dataSource, owner.id);
    // Another process on the same database starts: it finds the project at once.
    const next = await startTestApp({ web: false, database: app.database });
    try {
      await waitUntil(
        async () =>
          (await projectRow(next.runtime.dataSource, pending.id))?.pending_preview === false,
        'the preview written by the process that started',
      );
    } finally {
      await next.stop();
    }
  });
});
