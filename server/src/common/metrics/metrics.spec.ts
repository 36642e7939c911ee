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
