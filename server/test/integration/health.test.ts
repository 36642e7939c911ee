import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';

describe('health and API conventions (real PostgreSQL and Redis)', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ redis: true, web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('reports liveness', async () => {
    const response = await fetch(`${app.url}/api/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('reports the database and Redis as up when ready', async () => {
    const response = await fetch(`${app.url}/api/health/ready`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok', database: 'up', redis: 'up' });
  });

  it('applied the migrations to the database', async () => {
    const rows: Array<{ name: string }> = await app.runtime.dataSource.query(
      'SELECT name FROM migrations',
    );
    assert.ok(rows.some((row) => row.name === 'Foundation1795343377049'));
  });

  it('answers an unknown /api path with the catalogue 404 as JSON and a request id', async () => {
    const response = await fetch(`${app.url}/api/animata/nothing-here`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('x-request-id'), 'trace-42');
    assert.deepEqual(await response.json(), {
      error: 'Resource could not be found on the server.',
      requestId: 'trace-42',
    });
  });

  it('exposes Prometheus metrics on their own port, on 127.0.0.1', async () => {
    await fetch(`${app.url}/api/health`);
    assert.match(app.metricsUrl, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    assert.notEqual(new URL(app.metricsUrl).port, new URL(app.url).port);
    const response = await fetch(app.metricsUrl);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const text = await response.text();
    assert.match(text, /http_request_duration_seconds_bucket\{.*route="\/api\/health"/);
    assert.match(text, /process_cpu_user_seconds_total/);
  });

  it('serves no metrics on the public port: anyone asking gets the catalogue 404', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${app.url}/metrics`, { method });
      assert.equal(response.status, 404, method);
      if (method === 'GET') {
        const text = await response.text();
        assert.doesNotMatch(text, /process_cpu_user_seconds_total|http_request_duration/);
        assert.equal(
          (JSON.parse(text) as { error: string }).error,
          'Resource could not be found on the server.',
        );
      }
    }
    // The metrics port answers nothing else.
    const other = await fetch(new URL('/api/health', app.metricsUrl));
    assert.equal(other.status, 404);
  });

  it('turns readiness to 503 once shutdown has begun', async () => {
    const { HealthService } = await import('../../src/modules/health/health.service.js');
    const health = app.app.get(HealthService);
    health.markShuttingDown();
    const response = await fetch(`${app.url}/api/health/ready`);
    assert.equal(response.status, 503);
    assert.equal(((await response.json()) as { status: string }).status, 'unavailable');
  });
});
