import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCookie } from '../common/http/cookies.js';
import { type AuthenticatedCustomer, sessionCookieName } from '../modules/sessions/index.js';
import {
  handshakeMiddleware,
  LiveConnectRefused,
  type HandshakeSocket,
  type SessionLookup,
} from './live-handshake.js';

const COOKIE = sessionCookieName({ env: 'development' });
const ALICE: AuthenticatedCustomer = {
  customerId: 'c0ffee00-0000-4000-8000-000000000001',
  sessionId: 'a'.repeat(64),
  passwordUpdateRequired: false,
};

/**
 * A session lookup that knows one token under a cookie name, and records the session tokens it
 * was asked about (as SessionsService reads them from the Cookie header).
 */
function sessionsKnowing(token: string, customer: AuthenticatedCustomer, cookieName = COOKIE) {
  const asked: Array<string | null | undefined> = [];
  const lookup: SessionLookup = {
    authenticate: async (cookies) => {
      const candidate = readCookie(cookies, cookieName);
      if (candidate === null) return null;
      asked.push(candidate);
      return candidate === token ? customer : null;
    },
  };
  return { lookup, asked };
}

function socketWith(cookie?: string): HandshakeSocket {
  return { request: { headers: cookie === undefined ? {} : { cookie } }, data: {} };
}

/** Runs the middleware once and resolves with what it passed to next(). */
function run(
  middleware: ReturnType<typeof handshakeMiddleware>,
  socket: HandshakeSocket,
): Promise<Error | undefined> {
  return new Promise((resolve) => middleware(socket, resolve));
}

const quietLogger = { warn: () => undefined };

describe('live handshake authentication', () => {
  it('refuses a handshake without a Cookie header as "unauthorized", without a lookup', async () => {
    const { lookup, asked } = sessionsKnowing('good-token', ALICE);
    const socket = socketWith();
    const error = await run(handshakeMiddleware(lookup, quietLogger), socket);
    assert.ok(error instanceof LiveConnectRefused);
    assert.equal(error.message, 'unauthorized');
    assert.deepEqual(asked, []);
    assert.deepEqual(socket.data, {});
  });

  it('refuses a handshake whose cookies do not include the session cookie', async () => {
    const { lookup, asked } = sessionsKnowing('good-token', ALICE);
    const error = await run(
      handshakeMiddleware(lookup, quietLogger),
      socketWith('theme=dark; other_session=good-token'),
    );
    assert.equal(error?.message, 'unauthorized');
    assert.deepEqual(asked, []);
  });

  it('refuses a session token the lookup does not accept (unknown, revoked or expired)', async () => {
    const { lookup, asked } = sessionsKnowing('good-token', ALICE);
    const socket = socketWith(`${COOKIE}=stale-token`);
    const error = await run(handshakeMiddleware(lookup, quietLogger), socket);
    assert.equal(error?.message, 'unauthorized');
    assert.deepEqual(asked, ['stale-token']);
    assert.deepEqual(socket.data, {});
  });

  it('accepts a live session and puts its customer and session on the socket', async () => {
    const { lookup, asked } = sessionsKnowing('good+token/=', ALICE);
    const socket = socketWith(
      `theme=dark; ${COOKIE}=${encodeURIComponent('good+token/=')}; lang=en`,
    );
    const error = await run(handshakeMiddleware(lookup, quietLogger), socket);
    assert.equal(error, undefined);
    assert.deepEqual(asked, ['good+token/=']);
    assert.deepEqual(socket.data, { customerId: ALICE.customerId, sessionId: ALICE.sessionId });
  });

  it('reads the production cookie name (__Host- prefixed) when configured so', async () => {
    const production = sessionCookieName({ env: 'production' });
    const { lookup } = sessionsKnowing('good-token', ALICE, production);
    const middleware = handshakeMiddleware(lookup, quietLogger);
    assert.equal(await run(middleware, socketWith(`__Host-animata_session=good-token`)), undefined);
    assert.equal(
      (await run(middleware, socketWith(`animata_session=good-token`)))?.message,
      'unauthorized',
    );
  });

  it('answers "unavailable" and logs when the session cannot be checked', async () => {
    const warnings: unknown[] = [];
    const failing: SessionLookup = {
      authenticate: async () => {
        throw new Error('connection terminated');
      },
    };
    const socket = socketWith(`${COOKIE}=good-token`);
    const error = await run(
      handshakeMiddleware(failing, { warn: (entry: unknown) => warnings.push(entry) }),
      socket,
    );
    assert.equal(error?.message, 'unavailable');
    assert.equal(warnings.length, 1);
    assert.deepEqual(socket.data, {});
  });
});
