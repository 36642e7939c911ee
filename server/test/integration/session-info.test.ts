import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiPaths, catalogueMessages } from '@animata/contracts';
import { hashToken } from '../../src/common/ids.js';
import { SessionsService } from '../../src/modules/sessions/index.js';
import { SessionsRepository } from '../../src/modules/sessions/sessions.repository.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer } from '../support/factories.js';

describe('GET /api/animata/session (real PostgreSQL)', () => {
  let app: TestApp;
  let sessions: SessionsService;
  let customerId: string;

  before(async () => {
    app = await startTestApp({ web: false });
    sessions = app.app.get(SessionsService);
    customerId = (await newCustomer(app.runtime.dataSource)).id;
  });
  after(async () => {
    await app?.stop();
  });

  const call = (cookie?: string) =>
    fetch(`${app.url}${apiPaths.session}`, {
      headers: { 'x-request-id': 'session-check', ...(cookie ? { cookie } : {}) },
    });

  async function assertLoggedOut(response: Response) {
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await response.json(), {
      error: catalogueMessages.loggedOut,
      requestId: 'session-check',
    });
  }

  it('answers 401 with the logged-out notice when there is no session cookie', async () => {
    await assertLoggedOut(await call());
  });

  it('answers 401 when the cookie holds an unknown token', async () => {
    await assertLoggedOut(await call('animata_session=not-a-real-token'));
  });

  it('answers the customer id for a live session', async () => {
    const token = await sessions.create(customerId);
    const response = await call(`theme=dark; animata_session=${token}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.customerId, customerId);
    assert.equal(body.verified, true);
    assert.equal(body.passwordUpdateRequired, false);
  });

  it('answers 401 once the session has expired', async () => {
    const token = await sessions.create(customerId);
    await app.runtime.dataSource.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE customer_id = $1`,
      [customerId],
    );
    await assertLoggedOut(await call(`animata_session=${token}`));
  });

  it('answers 401 once the session has been revoked', async () => {
    const token = await sessions.create(customerId);
    await sessions.revoke(hashToken(token));
    await assertLoggedOut(await call(`animata_session=${token}`));
  });

  it('reads a live session as the columns authenticate needs, and no expired one (issue 33)', async () => {
    const repository = app.app.get(SessionsRepository);
    const token = await sessions.create(customerId, { passwordUpdateRequired: true });
    const id = hashToken(token);
    const [row] = (await app.runtime.dataSource.query(
      'SELECT created_at, last_seen_at, expires_at FROM sessions WHERE id = $1',
      [id],
    )) as Array<{ created_at: Date; last_seen_at: Date; expires_at: Date }>;
    assert.deepEqual(await repository.findLive(id, new Date()), {
      id,
      customerId,
      createdAt: row!.created_at,
      lastSeenAt: row!.last_seen_at,
      passwordUpdateRequired: true,
    });
    // The named statement is prepared once per connection: a second read answers the same.
    assert.equal((await repository.findLive(id, new Date()))?.id, id);
    assert.equal(await repository.findLive(id, new Date(row!.expires_at.getTime() + 1)), null);
    assert.equal(await repository.findLive('0'.repeat(64), new Date()), null);
  });
});
