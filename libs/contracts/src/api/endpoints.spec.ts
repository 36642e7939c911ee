import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endpoints, type AnyEndpoint } from './endpoints.js';
import { fillPath } from './fill-path.js';

function flatten(table: object, prefix = ''): Array<[string, AnyEndpoint]> {
  return Object.entries(table).flatMap(([key, value]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const entry = value as Partial<AnyEndpoint>;
    return typeof entry.method === 'string' && typeof entry.path === 'string'
      ? [[name, value as AnyEndpoint] as [string, AnyEndpoint]]
      : flatten(value as object, name);
  });
}

describe('the endpoint table', () => {
  const all = flatten(endpoints);

  it('gives every call a full path under /api (the Prometheus scrape at /metrics and the RFC 8414 metadata aside)', () => {
    assert.ok(all.length > 20);
    for (const [name, { path }] of all) {
      if (name === 'metrics') assert.equal(path, '/metrics');
      // RFC 8414 fixes where a client looks for the authorization server's metadata.
      else if (name === 'appAuth.metadata')
        assert.equal(path, '/.well-known/oauth-authorization-server');
      else assert.match(path, /^\/api\/[a-z0-9/:_.-]+$/, name);
    }
  });

  it('never routes two calls to the same method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, { method, path }] of all) {
      const key = `${method} ${path}`;
      assert.equal(seen.get(key), undefined, `${name} repeats ${key}`);
      seen.set(key, name);
    }
  });

  it('carries no request or response value at run time, only method and path', () => {
    for (const [name, entry] of all) assert.deepEqual(Object.keys(entry), ['method', 'path'], name);
  });

  it('keeps the paths the pages and the server use today', () => {
    assert.equal(endpoints.auth.login.method, 'POST');
    assert.equal(endpoints.auth.login.path, '/api/animata/auth/login');
    assert.equal(endpoints.account.session.path, '/api/animata/session');
    assert.equal(endpoints.account.postponePasswordUpdate.method, 'DELETE');
    assert.equal(endpoints.dev.clearOutbox.path, '/api/dev/outbox');
    assert.equal(
      fillPath(endpoints.auth.social.start.path, {
        params: { provider: 'google' },
        query: { redirectTo: '/account' },
      }),
      '/api/animata/auth/social/google?redirectTo=%2Faccount',
    );
  });
});
