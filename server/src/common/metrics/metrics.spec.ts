import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Metrics } from './metrics.js';

describe('Metrics: http_request_duration_seconds', () => {
  it('renders cumulative buckets, sum and count per method, route and status', async () => {
    const metrics = new Metrics();
    metrics.httpDuration.observe('GET', '/api/health/ready', 200, 0.003);
    metrics.httpDuration.observe('GET', '/api/health/ready', 200, 0.02);
    metrics.httpDuration.observe('GET', '/api/health/ready', 503, 7);
    metrics.httpDuration.observe('POST', '/api/animata/session', 422, 0.3);
    const text = await metrics.registry.metrics();
    const lines = text
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds'));
    const ready200 = 'method="GET",route="/api/health/ready",status="200"';
    assert.ok(text.includes('# TYPE http_request_duration_seconds histogram'));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="0.005",${ready200}} 1`));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="0.01",${ready200}} 1`));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="0.025",${ready200}} 2`));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="+Inf",${ready200}} 2`));
    assert.ok(lines.includes(`http_request_duration_seconds_sum{${ready200}} 0.023`));
    assert.ok(lines.includes(`http_request_duration_seconds_count{${ready200}} 2`));
    const ready503 = 'method="GET",route="/api/health/ready",status="503"';
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="5",${ready503}} 0`));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="+Inf",${ready503}} 1`));
    const session = 'method="POST",route="/api/animata/session",status="422"';
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="0.25",${session}} 0`));
    assert.ok(lines.includes(`http_request_duration_seconds_bucket{le="0.5",${session}} 1`));
    // 3 series x (10 bounds + +Inf + sum + count)
    assert.equal(lines.length, 3 * 13);
  });

  it('starts empty again after a registry reset', async () => {
    const metrics = new Metrics();
    metrics.httpDuration.observe('GET', '/api/health', 200, 0.001);
    metrics.registry.resetMetrics();
    const text = await metrics.registry.metrics();
    assert.ok(!text.includes('http_request_duration_seconds_bucket'));
  });
});

describe('Metrics: animata_render_duration_seconds', () => {
  it('is a histogram by extension and outcome, with buckets from 1 s to 2 h', async () => {
    const metrics = new Metrics();
    metrics.renderDuration.observe({ extension: 'mp4', outcome: 'done' }, 42);
    const lines = (await metrics.registry.metrics()).split('\n');
    assert.ok(lines.includes('# TYPE animata_render_duration_seconds histogram'));
    const series = 'extension="mp4",outcome="done"';
    assert.ok(lines.includes(`animata_render_duration_seconds_bucket{le="1",${series}} 0`));
    assert.ok(lines.includes(`animata_render_duration_seconds_bucket{le="30",${series}} 0`));
    assert.ok(lines.includes(`animata_render_duration_seconds_bucket{le="60",${series}} 1`));
    assert.ok(lines.includes(`animata_render_duration_seconds_bucket{le="7200",${series}} 1`));
    assert.ok(lines.includes(`animata_render_duration_seconds_sum{${series}} 42`));
    assert.ok(lines.includes(`animata_render_duration_seconds_count{${series}} 1`));
  });
});

describe('Metrics: the queue gauges', () => {
  const figures = {
    mail: { waiting: 3, active: 1, delayed: 2, failed: 4, oldestWaitingSince: 1_000_000 },
    renders: { waiting: 0, active: 0, delayed: 0, failed: 0, oldestWaitingSince: null },
  };

  it('reads the queues once per scrape and shows each state and the oldest waiting age', async () => {
    const metrics = new Metrics();
    let reads = 0;
    metrics.watchQueues(
      async () => {
        reads += 1;
        return figures;
      },
      () => 1_090_500,
    );
    const lines = (await metrics.registry.metrics()).split('\n');
    assert.equal(reads, 1);
    for (const [state, value] of Object.entries({ waiting: 3, active: 1, delayed: 2, failed: 4 }))
      assert.ok(
        lines.includes(`animata_queue_jobs{queue="mail",state="${state}"} ${value}`),
        state,
      );
    assert.ok(lines.includes('animata_queue_jobs{queue="renders",state="waiting"} 0'));
    assert.ok(lines.includes('animata_queue_oldest_waiting_age_seconds{queue="mail"} 90.5'));
    assert.ok(lines.includes('animata_queue_oldest_waiting_age_seconds{queue="renders"} 0'));
    await metrics.registry.metrics();
    assert.equal(reads, 2, 'each scrape reads again');
  });

  it('answers the rest of the scrape without queue series when the queues cannot be read', async () => {
    const metrics = new Metrics();
    let fail = false;
    metrics.watchQueues(async () => {
      if (fail) throw new Error('Connection is closed.');
      return figures;
    });
    assert.ok((await metrics.registry.metrics()).includes('animata_queue_jobs{queue="mail"'));
    fail = true;
    const text = await metrics.registry.metrics();
    assert.ok(!text.includes('animata_queue_jobs{'));
    assert.ok(!text.includes('animata_queue_oldest_waiting_age_seconds{'));
    assert.ok(text.includes('# TYPE process_cpu_seconds_total counter'));
  });
});
