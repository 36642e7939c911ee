import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillPath } from './fill-path.js';

describe('fillPath', () => {
  it('leaves a path without parameters or query as it is', () => {
    assert.equal(fillPath('/api/animata/auth/login'), '/api/animata/auth/login');
    assert.equal(fillPath('/api/health', { query: {} }), '/api/health');
  });

  it('fills every :name segment, URI-encoded', () => {
    assert.equal(
      fillPath('/api/animata/auth/social/:provider/callback', { params: { provider: 'google' } }),
      '/api/animata/auth/social/google/callback',
    );
    assert.equal(
      fillPath('/api/teams/:team_id/members/:memberId', {
        params: { team_id: 'a b', memberId: 'x/y' },
      }),
      '/api/teams/a%20b/members/x%2Fy',
    );
  });

  it('appends the query in order, encoded like encodeURIComponent, without empty values', () => {
    assert.equal(
      fillPath('/api/animata/auth/social/:provider', {
        params: { provider: 'facebook' },
        query: { redirectTo: '/billing?tab=1#top', skipped: undefined, none: null, page: 2 },
      }),
      '/api/animata/auth/social/facebook?redirectTo=%2Fbilling%3Ftab%3D1%23top&page=2',
    );
    assert.equal(fillPath('/auth/login', { query: { url: undefined } }), '/auth/login');
    assert.equal(fillPath('/x', { query: { flag: true, empty: '' } }), '/x?flag=true&empty=');
  });

  it('joins with & when the path already has a query', () => {
    assert.equal(fillPath('/x?a=1', { query: { b: '2' } }), '/x?a=1&b=2');
  });

  it('throws when a parameter has no value', () => {
    assert.throws(
      () => fillPath('/api/x/:id', { params: {} as { id: string } }),
      /no value for :id in \/api\/x\/:id/,
    );
    assert.throws(() => fillPath('/api/x/:id', { params: { id: '' } }), /no value for :id/);
  });
});
