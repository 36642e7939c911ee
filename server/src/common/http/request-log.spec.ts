import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactedUrl } from './request-log.js';

describe('redactedUrl', () => {
  it('redacts every query value of the pages and calls whose query is a credential', () => {
    const table: Array<[string, string]> = [
      ['/auth/reset-password?token=abc123', '/auth/reset-password?token=[redacted]'],
      [
        '/auth/reset-password.data?token=abc&x=1',
        '/auth/reset-password.data?token=[redacted]&x=[redacted]',
      ],
      ['/auth/verify-email?t=abc', '/auth/verify-email?t=[redacted]'],
      ['/auth/confirm-email-change?token=abc', '/auth/confirm-email-change?token=[redacted]'],
      ['/dev/outbox?key=k3y', '/dev/outbox?key=[redacted]'],
      ['/api/dev/outbox?key=k3y', '/api/dev/outbox?key=[redacted]'],
    ];
    for (const [url, logged] of table) assert.equal(redactedUrl(url), logged, url);
  });

  it('redacts a value named token, code, secret, password or key anywhere, whatever the case', () => {
    const table: Array<[string, string]> = [
      ['/api/x?token=a&page=2', '/api/x?token=[redacted]&page=2'],
      [
        '/auth/social/google/callback?code=c0de&state=s',
        '/auth/social/google/callback?code=[redacted]&state=s',
      ],
      [
        '/x?tfa_token=1&refresh_token=2&client_secret=3',
        '/x?tfa_token=[redacted]&refresh_token=[redacted]&client_secret=[redacted]',
      ],
      [
        '/x?Password=p&old_password=q&TOKEN=t',
        '/x?Password=[redacted]&old_password=[redacted]&TOKEN=[redacted]',
      ],
      ['/x?%74oken=a', '/x?%74oken=[redacted]'],
      ['/x?code_verifier=v&sort=name', '/x?code_verifier=[redacted]&sort=name'],
    ];
    for (const [url, logged] of table) assert.equal(redactedUrl(url), logged, url);
  });

  it('leaves addresses without secrets as they are', () => {
    for (const url of [
      '/',
      '/account',
      '/api/animata/projects?rows=20&page=2',
      '/x?flag',
      '/x?%E0=1',
    ]) {
      assert.equal(redactedUrl(url), url);
    }
  });
});
