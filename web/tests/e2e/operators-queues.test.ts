import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { catalogueMessages, QUEUE_DASHBOARD_PATH } from '@animata/contracts';
import {
  newCustomer,
  newOperator,
  newSession,
  sessionCookieName,
  testEnvironment,
  waitUntil,
} from '@animata/server/test-support';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { useBrowserTest } from '../support/browser.js';

/**
 * bull-board is a JavaScript app and there is no form here: one walk with JavaScript (decision
 * 294). The rules (who gets 404, what support may not do) are tabled in
 * server/test/integration/operators-queues.test.ts; here the page loads under its policy (a CSP
 * violation is a console error, which fails the test) and the roles show.
 */
describe('the operators’ queue dashboard in Chromium (bull-board, JavaScript)', () => {
  const t = useBrowserTest({ redis: true });
  let connection: Redis;
  let mail: Queue;
  before(async () => {
    connection = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
    mail = new Queue('mail', { connection, prefix: t.app.config.redisPrefix });
    // A job no handler takes: the app's worker fails it for good.
    await mail.add('operators.unknown', {}, { attempts: 1 });
    await waitUntil(async () => (await mail.getFailedCount()) === 1, 'the job to fail');
  });
  after(async () => {
    await mail?.close();
    await connection?.quit();
  });

  const cookiesOf = async (customerId: string) => ({
    [sessionCookieName(t.app.runtime.config)]: await newSession(t.app, customerId),
  });

  const QUEUE_NAMES = ['mail', 'renders', 'thumbnails', 'maintenance'];

  it('shows an admin operator every queue, and retries a failed job from the page', async () => {
    const admin = await newOperator(t.app.runtime.dataSource, 'admin');
    const page = await t.newPage({ cookies: await cookiesOf(admin.id) });
    await page.goto(QUEUE_DASHBOARD_PATH);
    // bull-board draws itself with JavaScript: its menu names the queues.
    for (const name of QUEUE_NAMES)
      await page.getByRole('link', { name, exact: true }).first().waitFor();
    const [failed] = await mail.getFailed();
    assert.ok(failed);
    const firstRun = failed.processedOn;

    await page.getByRole('link', { name: 'mail', exact: true }).first().click();
    await page.getByRole('link', { name: /^FAILED/ }).click();
    await page.getByText('operators.unknown').first().waitFor();
    await page.getByRole('button', { name: 'Retry all' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    // Retried, it runs again (and fails again: no handler takes it).
    await waitUntil(
      async () => (await mail.getJob(String(failed.id)))?.processedOn !== firstRun,
      'the job to run again',
    );
  });

  it('shows a support operator the queues without the buttons that write, and the server refuses a retry', async () => {
    const support = await newOperator(t.app.runtime.dataSource, 'support');
    const page = await t.newPage({ cookies: await cookiesOf(support.id) });
    await page.goto(`${QUEUE_DASHBOARD_PATH}/queue/mail?status=failed`);
    for (const name of QUEUE_NAMES)
      await page.getByRole('link', { name, exact: true }).first().waitFor();
    await page.getByText('operators.unknown').first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Retry all' }).count(), 0);
    t.allowConsoleError(page, /status of 403 \(Forbidden\)/);
    // The same call the admin's button makes, from the page (same origin, the session cookie).
    const status = await page.evaluate(
      async (path) => (await fetch(path, { method: 'PUT' })).status,
      `${QUEUE_DASHBOARD_PATH}/api/queues/mail/retry/failed`,
    );
    assert.equal(status, 403);
  });

  it('answers a signed-in customer with the catalogue’s 404', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const page = await t.newPage({ cookies: await cookiesOf(customer.id) });
    t.allowConsoleError(page, /status of 404 \(Not Found\)/);
    const response = await page.goto(QUEUE_DASHBOARD_PATH);
    assert.equal(response?.status(), 404);
    assert.equal(
      (JSON.parse(await response!.text()) as { error: string }).error,
      catalogueMessages.notFound,
    );
  });
});
