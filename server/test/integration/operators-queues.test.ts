import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { catalogueMessages, operatorMessages, QUEUE_DASHBOARD_PATH } from '@animata/contracts';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_QUEUE } from '../../src/common/tokens.js';
import { QUEUE_DASHBOARD_CONTENT_SECURITY_POLICY } from '../../src/common/http/security-headers.js';
import type { JobQueue } from '../../src/jobs/job-queue.port.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testEnvironment } from '../support/environment.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { newOperator } from '../support/operators.js';
import { waitUntil } from '../support/waits.js';

const QUEUE_NAMES = ['mail', 'renders', 'thumbnails', 'maintenance'];

/** A call under /admin/queues as a browser would make it (same origin), with a cookie or none. */
async function call(app: TestApp, method: string, path: string, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { origin: app.url, ...(cookie ? { cookie } : {}) },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

function assertNotFound(answer: { status: number; text: string }, what: string) {
  assert.equal(answer.status, 404, what);
  const body = JSON.parse(answer.text) as { error: string; requestId: string };
  assert.equal(body.error, catalogueMessages.notFound, what);
  assert.equal(typeof body.requestId, 'string', what);
}

/** One line of the scrape, e.g. `animata_queue_jobs{queue="mail",state="failed"}`: its value. */
function sample(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the queue dashboard on BullMQ (REDIS_URL): operators only, support reads, admin retries', () => {
  let app: TestApp;
  let connection: Redis;
  let mail: Queue;
  const failedIds: string[] = [];
  before(async () => {
    // No workers in the app: the jobs stay where the test puts them.
    app = await startTestApp({ web: false, redis: true, env: { RUN_WORKERS: 'false' } });
    connection = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
    const prefix = app.config.redisPrefix;
    mail = new Queue('mail', { connection, prefix });
    // Two jobs fail for good (a worker of the test's that refuses them), then two wait, one is delayed.
    for (const subject of ['Broken 1', 'Broken 2'])
      failedIds.push(
        String((await mail.add('mail.send', { to: 'x@example.test', subject, text: '' })).id),
      );
    const worker = new Worker(
      'mail',
      async () => {
        throw new Error('No route to host');
      },
      { connection, prefix },
    );
    await waitUntil(async () => (await mail.getFailedCount()) === 2, 'two failed jobs');
    await worker.close();
    for (const subject of ['Waiting 1', 'Waiting 2'])
      await mail.add('mail.send', { to: 'x@example.test', subject, text: '' });
    await mail.add(
      'mail.send',
      { to: 'x@example.test', subject: 'Later', text: '' },
      {
        delay: 3_600_000,
      },
    );
  });
  after(async () => {
    await mail?.obliterate({ force: true }).catch(() => undefined);
    await mail?.close();
    await connection?.quit();
    await app?.stop();
  });

  const retryPath = (id: string) => `${QUEUE_DASHBOARD_PATH}/api/queues/mail/${id}/retry`;

  it('answers anonymous visitors and signed-in customers with the catalogue’s 404, page, API and assets alike', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const cookie = await newSessionCookie(app, customer.id);
    const paths = [
      QUEUE_DASHBOARD_PATH,
      `${QUEUE_DASHBOARD_PATH}/`,
      `${QUEUE_DASHBOARD_PATH}/queue/mail`,
      `${QUEUE_DASHBOARD_PATH}/api/queues`,
      `${QUEUE_DASHBOARD_PATH}/static/favicon-32x32.png`,
      `${QUEUE_DASHBOARD_PATH}/nothing/here`,
    ];
    for (const who of [undefined, cookie])
      for (const path of paths) assertNotFound(await call(app, 'GET', path, who), `GET ${path}`);
    for (const who of [undefined, cookie])
      assertNotFound(await call(app, 'PUT', retryPath(failedIds[0]!), who), 'PUT retry');
    assert.equal(await (await mail.getJob(failedIds[0]!))?.getState(), 'failed');
  });

  it('shows a support operator every queue, read-only; a retry is refused on the server (403) and changes nothing', async () => {
    const support = await newOperator(app.runtime.dataSource, 'support');
    const cookie = await newSessionCookie(app, support.id);
    const page = await call(app, 'GET', QUEUE_DASHBOARD_PATH, cookie);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(
      page.headers.get('content-security-policy'),
      QUEUE_DASHBOARD_CONTENT_SECURITY_POLICY,
    );
    assert.ok(!page.text.includes('fonts.googleapis.com'), 'no font from elsewhere');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    assert.ok(script, 'the page names its script');
    const asset = await call(app, 'GET', `${QUEUE_DASHBOARD_PATH}/${script}`, cookie);
    assert.equal(asset.status, 200);

    const list = await call(app, 'GET', `${QUEUE_DASHBOARD_PATH}/api/queues`, cookie);
    assert.equal(list.status, 200);
    const { queues } = JSON.parse(list.text) as {
      queues: Array<{ name: string; readOnlyMode: boolean; counts: Record<string, number> }>;
    };
    assert.deepEqual(queues.map((q) => q.name).sort(), [...QUEUE_NAMES].sort());
    assert.ok(queues.every((q) => q.readOnlyMode));
    assert.equal(queues.find((q) => q.name === 'mail')?.counts.failed, 2);

    for (const [method, path] of [
      ['PUT', retryPath(failedIds[0]!)],
      ['PUT', `${QUEUE_DASHBOARD_PATH}/api/queues/mail/retry/failed`],
      ['PUT', `${QUEUE_DASHBOARD_PATH}/api/queues/mail/${failedIds[0]!}/clean`],
      ['PUT', `${QUEUE_DASHBOARD_PATH}/api/queues/mail/promote`],
      ['PUT', `${QUEUE_DASHBOARD_PATH}/api/queues/mail/pause`],
    ] as const) {
      const refused = await call(app, method, path, cookie);
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.equal(
        (JSON.parse(refused.text) as { error: string }).error,
        operatorMessages.readOnly,
      );
    }
    assert.equal(await (await mail.getJob(failedIds[0]!))?.getState(), 'failed');
    assert.equal(await mail.isPaused(), false);
  });

  it('lets an admin operator retry a failed job, but not pause a queue', async () => {
    const admin = await newOperator(app.runtime.dataSource, 'admin');
    const cookie = await newSessionCookie(app, admin.id);
    const list = await call(app, 'GET', `${QUEUE_DASHBOARD_PATH}/api/queues`, cookie);
    const { queues } = JSON.parse(list.text) as { queues: Array<{ readOnlyMode: boolean }> };
    assert.ok(queues.every((q) => !q.readOnlyMode));

    const retried = await call(app, 'PUT', retryPath(failedIds[1]!), cookie);
    assert.equal(retried.status, 204, retried.text);
    assert.equal(await (await mail.getJob(failedIds[1]!))?.getState(), 'waiting');

    const paused = await call(app, 'PUT', `${QUEUE_DASHBOARD_PATH}/api/queues/mail/pause`, cookie);
    assert.equal(paused.status, 403);
    assert.equal(
      (JSON.parse(paused.text) as { error: string }).error,
      operatorMessages.actionNotOffered,
    );
    assert.equal(await mail.isPaused(), false);
  });

  it('takes the dashboard away with the role (a revoked operator gets 404)', async () => {
    const admin = await newOperator(app.runtime.dataSource, 'admin');
    const cookie = await newSessionCookie(app, admin.id);
    assert.equal((await call(app, 'GET', QUEUE_DASHBOARD_PATH, cookie)).status, 200);
    await app.runtime.dataSource.query(`DELETE FROM operators WHERE customer_id = $1`, [admin.id]);
    assertNotFound(await call(app, 'GET', QUEUE_DASHBOARD_PATH, cookie), 'after revoking');
  });

  it('exposes each queue’s jobs by state and the oldest waiting job’s age on the metrics port, read at scrape time', async () => {
    const scrapedFrom = Date.now();
    const scrape = await (await fetch(app.metricsUrl)).text();
    // One failed job was retried by the admin above (if it ran first): count what BullMQ says.
    const failed = await mail.getFailedCount();
    const waiting = await mail.getWaitingCount();
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="failed"}'), failed);
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="waiting"}'), waiting);
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="delayed"}'), 1);
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="active"}'), 0);
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="renders",state="waiting"}'), 0);
    const [oldest] = await mail.getJobs(['wait'], 0, 0, true);
    const age = sample(scrape, 'animata_queue_oldest_waiting_age_seconds{queue="mail"}');
    assert.ok(age !== undefined && oldest);
    const expected = (scrapedFrom - oldest.timestamp) / 1000;
    assert.ok(age >= expected && age < expected + 60, `age ${age} near ${expected}`);
    assert.equal(sample(scrape, 'animata_queue_oldest_waiting_age_seconds{queue="renders"}'), 0);
    assert.ok(scrape.includes('# TYPE animata_render_duration_seconds histogram'));
  });
  it('lets an admin operator promote a delayed job and remove a failed one', async () => {
    const admin = await newOperator(app.runtime.dataSource, 'admin');
    const cookie = await newSessionCookie(app, admin.id);
    const delayed = await mail.add(
      'mail.send',
      { to: 'x@example.test', subject: 'Promote me', text: '' },
      { delay: 3_600_000 },
    );
    const promoted = await call(
      app,
      'PUT',
      `${QUEUE_DASHBOARD_PATH}/api/queues/mail/${delayed.id}/promote`,
      cookie,
    );
    assert.equal(promoted.status, 204, promoted.text);
    assert.equal(await (await mail.getJob(String(delayed.id)))?.getState(), 'waiting');

    const removed = await call(
      app,
      'PUT',
      `${QUEUE_DASHBOARD_PATH}/api/queues/mail/${failedIds[0]!}/clean`,
      cookie,
    );
    assert.equal(removed.status, 204, removed.text);
    assert.equal(await mail.getJob(failedIds[0]!), undefined);
  });
});

describe('the queue dashboard without Redis: a page saying the queues run in-process, with their counts', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('shows an operator the page and the counts, everyone else the catalogue’s 404', async () => {
    const jobs = app.app.get<symbol, JobQueue>(JOB_QUEUE);
    await jobs.add(
      'mail.send',
      { to: 'x@example.test', subject: 'Later', text: '' },
      {
        delayMs: 3_600_000,
      },
    );
    const support = await newOperator(app.runtime.dataSource, 'support');
    const page = await call(
      app,
      'GET',
      QUEUE_DASHBOARD_PATH,
      await newSessionCookie(app, support.id),
    );
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(`<h1>${operatorMessages.inProcessHeading}</h1>`));
    assert.ok(
      page.text.includes(
        '<tr><th scope="row">mail</th><td>0</td><td>0</td><td>1</td><td>0</td></tr>',
      ),
    );
    for (const name of QUEUE_NAMES) assert.ok(page.text.includes(`<th scope="row">${name}</th>`));
    assertNotFound(
      await call(
        app,
        'GET',
        `${QUEUE_DASHBOARD_PATH}/api/queues`,
        await newSessionCookie(app, support.id),
      ),
      'no API without bull-board',
    );
    const customer = await newCustomer(app.runtime.dataSource);
    assertNotFound(
      await call(app, 'GET', QUEUE_DASHBOARD_PATH, await newSessionCookie(app, customer.id)),
      'a customer',
    );
    assertNotFound(await call(app, 'GET', QUEUE_DASHBOARD_PATH), 'anonymous');

    const scrape = await (await fetch(app.metricsUrl)).text();
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="delayed"}'), 1);
    assert.equal(sample(scrape, 'animata_queue_jobs{queue="mail",state="waiting"}'), 0);
    assert.equal(sample(scrape, 'animata_queue_oldest_waiting_age_seconds{queue="mail"}'), 0);
  });
});
