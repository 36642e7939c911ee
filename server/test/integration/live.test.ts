import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  LIVE_PATH,
  liveConnectErrors,
  liveEvents,
  type LiveClientToServerEvents,
  type LiveEventName,
  type LiveServerToClientEvents,
} from '@animata/contracts';
import { io, type Socket } from 'socket.io-client';
import { LiveService } from '../../src/live/live.service.js';
import { liveRedisKey } from '../../src/live/live-io.adapter.js';
import { sessionCookieName, SessionsService } from '../../src/modules/sessions/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';

type LiveClient = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

interface ConnectOptions {
  cookie?: string;
  origin?: string;
  transports?: Array<'websocket' | 'polling'>;
}

const clients: LiveClient[] = [];

/** A Socket.IO client as a browser would open it, without automatic reconnection. */
function connect(app: TestApp, options: ConnectOptions = {}): LiveClient {
  const extraHeaders: Record<string, string> = {};
  if (options.cookie) extraHeaders.cookie = options.cookie;
  if (options.origin) extraHeaders.origin = options.origin;
  const socket: LiveClient = io(app.url, {
    path: LIVE_PATH,
    transports: options.transports ?? ['websocket'],
    extraHeaders,
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return socket;
}

function closeClients(): void {
  for (const socket of clients.splice(0)) socket.disconnect();
}

/** Resolves with the payload of the next `event`; rejects if the connection is refused first. */
function next<E extends LiveEventName>(
  socket: LiveClient,
  event: E,
): Promise<Parameters<LiveServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    // The event map's listener type is a union over E; this one listener is for E only.
    socket.once(event, ((payload: Parameters<LiveServerToClientEvents[E]>[0]) =>
      resolve(payload)) as never);
  });
}

/** Resolves with the error of a refused connection; rejects if the socket connects instead. */
function refusal(socket: LiveClient): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect_error', resolve);
    socket.once('connect', () => reject(new Error('the connection was accepted')));
  });
}

function disconnection(socket: LiveClient): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** The disconnect reason, and whether the client treats it as temporary (`socket.active`). */
function closing(socket: LiveClient): Promise<{ reason: string; willReconnect: boolean }> {
  return new Promise((resolve) => {
    socket.once('disconnect', (reason) => resolve({ reason, willReconnect: socket.active }));
  });
}

/** Everything a socket receives, in order. */
function record(socket: LiveClient): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]));
  return seen;
}

async function signedInClient(app: TestApp, options: Omit<ConnectOptions, 'cookie'> = {}) {
  const customer = await newCustomer(app.runtime.dataSource);
  const cookie = await newSessionCookie(app, customer.id);
  const socket = connect(app, { ...options, cookie });
  const ready = await next(socket, liveEvents.ready);
  return { customer, cookie, socket, ready };
}

// Suite timeouts only turn a missing event into a prompt failure instead of a long hang.
describe(
  'live channel: handshake and customer rooms (one process, in-memory adapter)',
  { timeout: 60_000 },
  () => {
    let app: TestApp;

    before(async () => {
      // With the pages served too: Socket.IO answers /socket.io/ ahead of the Remix catch-all.
      app = await startTestApp();
    });
    after(async () => {
      closeClients();
      await app?.stop();
    });

    it('refuses a connection without a session cookie with "unauthorized"', async () => {
      const error = await refusal(connect(app));
      assert.equal(error.message, liveConnectErrors.unauthorized);
      assert.equal(error.message, 'unauthorized');
    });

    it('refuses a connection whose session token is unknown', async () => {
      const error = await refusal(
        connect(app, { cookie: `animata_session=${randomBytes(32).toString('base64url')}` }),
      );
      assert.equal(error.message, 'unauthorized');
    });

    it('refuses a connection whose session has expired', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const cookie = await newSessionCookie(app, customer.id);
      await app.runtime.dataSource.query(
        `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE customer_id = $1`,
        [customer.id],
      );
      const error = await refusal(connect(app, { cookie }));
      assert.equal(error.message, 'unauthorized');
    });

    it('refuses a connection whose session was revoked', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const cookie = await newSessionCookie(app, customer.id);
      await app.app.get(SessionsService).revokeAllOf(customer.id);
      const error = await refusal(connect(app, { cookie }));
      assert.equal(error.message, 'unauthorized');
    });

    it('accepts a valid session and sends "ready" with the customer id', async () => {
      const { customer, ready } = await signedInClient(app);
      assert.deepEqual(ready, { customerId: customer.id });
    });

    it('accepts a valid session over HTTP long-polling too', async () => {
      const { customer, socket, ready } = await signedInClient(app, { transports: ['polling'] });
      assert.deepEqual(ready, { customerId: customer.id });
      const update = next(socket, liveEvents.renderUpdate);
      app.app.get(LiveService).toCustomer(customer.id, liveEvents.renderUpdate, {
        exportId: 'e-1',
        status: 'progress',
        percent: 40,
        eta: 3,
        error: null,
      });
      assert.deepEqual(await update, {
        exportId: 'e-1',
        status: 'progress',
        percent: 40,
        eta: 3,
        error: null,
      });
    });

    it("delivers an event to its customer's sockets and not to another customer's", async () => {
      const first = await signedInClient(app);
      const firstAgain = connect(app, { cookie: first.cookie });
      await next(firstAgain, liveEvents.ready);
      const second = await signedInClient(app);
      const secondSeen = record(second.socket);
      const live = app.app.get(LiveService);

      const toFirst = Promise.all([
        next(first.socket, liveEvents.thumbnailReady),
        next(firstAgain, liveEvents.thumbnailReady),
      ]);
      const toSecond = next(second.socket, liveEvents.renderUpdate);
      live.toCustomer(first.customer.id, liveEvents.thumbnailReady, {
        projectId: 'p-1',
        previewUri: '/files/p-1.svg',
      });
      live.toCustomer(second.customer.id, liveEvents.renderUpdate, {
        exportId: 'e-2',
        status: 'done',
        percent: 100,
        eta: null,
        error: null,
      });

      assert.deepEqual(await toFirst, [
        { projectId: 'p-1', previewUri: '/files/p-1.svg' },
        { projectId: 'p-1', previewUri: '/files/p-1.svg' },
      ]);
      assert.deepEqual(await toSecond, {
        exportId: 'e-2',
        status: 'done',
        percent: 100,
        eta: null,
        error: null,
      });
      // Events to one socket arrive in the order they were sent: had the first event leaked to the
      // second customer, it would be recorded before the second one.
      assert.deepEqual(secondSeen, [
        [
          liveEvents.renderUpdate,
          { exportId: 'e-2', status: 'done', percent: 100, eta: null, error: null },
        ],
      ]);
    });

    it("disconnectCustomer closes that customer's sockets only", async () => {
      const target = await signedInClient(app);
      const other = await signedInClient(app);
      const closed = disconnection(target.socket);
      app.app.get(LiveService).disconnectCustomer(target.customer.id);
      assert.equal(await closed, 'io server disconnect');

      assert.equal(other.socket.connected, true);
      const stillLive = next(other.socket, liveEvents.renderUpdate);
      app.app.get(LiveService).toCustomer(other.customer.id, liveEvents.renderUpdate, {
        exportId: 'e-3',
        status: 'queued',
        percent: 0,
        eta: null,
        error: null,
      });
      assert.deepEqual(await stillLive, {
        exportId: 'e-3',
        status: 'queued',
        percent: 0,
        eta: null,
        error: null,
      });
    });

    it('disconnectSession closes only the sockets opened with that session', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const sessions = app.app.get(SessionsService);
      const token = await sessions.create(customer.id);
      const cookie = `${sessionCookieName(app.config)}=${token}`;
      const signedOut = connect(app, { cookie });
      await next(signedOut, liveEvents.ready);
      const otherBrowser = connect(app, { cookie: await newSessionCookie(app, customer.id) });
      await next(otherBrowser, liveEvents.ready);
      const session = await sessions.authenticate(cookie);
      assert.ok(session);

      const closed = disconnection(signedOut);
      app.app.get(LiveService).disconnectSession(session.sessionId);
      assert.equal(await closed, 'io server disconnect');
      assert.equal(otherBrowser.connected, true);
    });

    it('signing out through the BFF closes the sockets of that session only', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const sessions = app.app.get(SessionsService);
      const token = await sessions.create(customer.id);
      const cookie = `${sessionCookieName(app.config)}=${token}`;
      const signedOut = connect(app, { cookie });
      await next(signedOut, liveEvents.ready);
      const otherBrowser = connect(app, { cookie: await newSessionCookie(app, customer.id) });
      await next(otherBrowser, liveEvents.ready);

      const closed = disconnection(signedOut);
      const response = await fetch(`${app.url}/api/animata/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, origin: app.url },
      });
      assert.equal(response.status, 200);
      assert.equal(await closed, 'io server disconnect');
      assert.equal(otherBrowser.connected, true);
    });

    it('delivers team events to members known at connection and to those who join later', async () => {
      const live = app.app.get(LiveService);
      const teamId = randomUUID();
      const member = await newCustomer(app.runtime.dataSource);
      live.useTeamMemberships(async (customerId) => (customerId === member.id ? [teamId] : []));
      const memberSocket = connect(app, { cookie: await newSessionCookie(app, member.id) });
      await next(memberSocket, liveEvents.ready);
      const joiner = await signedInClient(app);
      const joinerSeen = record(joiner.socket);
      const outsider = await signedInClient(app);
      const outsiderSeen = record(outsider.socket);

      live.joinTeam(joiner.customer.id, teamId);
      const first = {
        exportId: 'e-t1',
        status: 'done' as const,
        percent: 100,
        eta: null,
        error: null,
      };
      const received = Promise.all([
        next(memberSocket, liveEvents.renderUpdate),
        next(joiner.socket, liveEvents.renderUpdate),
      ]);
      live.toTeam(teamId, liveEvents.renderUpdate, first);
      assert.deepEqual(await received, [first, first]);

      live.leaveTeam(joiner.customer.id, teamId);
      const second = {
        exportId: 'e-t2',
        status: 'done' as const,
        percent: 100,
        eta: null,
        error: null,
      };
      const toMember = next(memberSocket, liveEvents.renderUpdate);
      live.toTeam(teamId, liveEvents.renderUpdate, second);
      assert.deepEqual(await toMember, second);
      // A marker sent afterwards to each non-member: whatever reached them earlier is recorded first.
      const marker = { projectId: 'marker', previewUri: '/files/marker.svg' };
      const markers = Promise.all([
        next(joiner.socket, liveEvents.thumbnailReady),
        next(outsider.socket, liveEvents.thumbnailReady),
      ]);
      live.toCustomer(joiner.customer.id, liveEvents.thumbnailReady, marker);
      live.toCustomer(outsider.customer.id, liveEvents.thumbnailReady, marker);
      await markers;
      assert.deepEqual(joinerSeen, [
        [liveEvents.renderUpdate, first],
        [liveEvents.thumbnailReady, marker],
      ]);
      assert.deepEqual(outsiderSeen, [[liveEvents.thumbnailReady, marker]]);
    });

    it('refuses a browser on another origin, and accepts one on its own', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const cookie = await newSessionCookie(app, customer.id);
      // Refused before any session check, at the transport: the client reports a transport error.
      const foreign = await refusal(
        connect(app, { cookie, origin: 'https://evil.example', transports: ['polling'] }),
      );
      assert.equal(foreign.message, 'xhr poll error');
      const foreignWs = await refusal(connect(app, { cookie, origin: 'https://evil.example' }));
      assert.equal(foreignWs.message, 'websocket error');

      const own = connect(app, { cookie, origin: new URL(app.url).origin });
      assert.deepEqual(await next(own, liveEvents.ready), { customerId: customer.id });
    });

    it('offers no CORS to other origins', async () => {
      const response = await fetch(`${app.url}${LIVE_PATH}/?EIO=4&transport=polling`, {
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(response.headers.get('access-control-allow-origin'), null);
      assert.equal(response.status, 403);
    });
  },
);

describe('live channel: shutdown with open sockets', () => {
  it(
    'closes live connections instead of waiting for them, and clients may reconnect',
    { timeout: 30_000 },
    async () => {
      const app = await startTestApp({ web: false });
      try {
        const overWebSocket = await signedInClient(app);
        const overPolling = await signedInClient(app, { transports: ['polling'] });
        const closed = Promise.all([closing(overWebSocket.socket), closing(overPolling.socket)]);
        await app.stop();
        const [webSocketClose, pollingClose] = await closed;
        // A transport-level close, not "io server disconnect": Socket.IO clients reconnect by
        // themselves (to another process, or to this one once it is back).
        assert.deepEqual(webSocketClose, { reason: 'transport close', willReconnect: true });
        assert.match(pollingClose.reason, /^transport (close|error)$/);
        assert.equal(pollingClose.willReconnect, true);
      } finally {
        closeClients();
      }
    },
  );
});

describe('live channel: two processes sharing Redis rooms', { timeout: 60_000 }, () => {
  let first: TestApp;
  let second: TestApp;
  const redisPrefix = `animata-test-live-${randomBytes(4).toString('hex')}`;

  before(async () => {
    first = await startTestApp({ web: false, redis: true, redisPrefix });
    second = await startTestApp({ web: false, redis: true, redisPrefix, database: first.database });
  });
  after(async () => {
    closeClients();
    await second?.stop();
    await first?.stop();
  });

  it('subscribes under the configured Redis prefix', async () => {
    const channels = (await first.runtime.redis!.pubsub(
      'CHANNELS',
      `${liveRedisKey(redisPrefix)}*`,
    )) as string[];
    assert.ok(channels.length > 0, 'no Socket.IO channel under the prefix');
    assert.ok(channels.every((channel) => channel.startsWith(`${redisPrefix}:socket.io`)));
  });

  it('delivers an event published on one process to a client connected to the other', async () => {
    const onSecond = await signedInClient(second);
    const update = next(onSecond.socket, liveEvents.renderUpdate);
    first.app.get(LiveService).toCustomer(onSecond.customer.id, liveEvents.renderUpdate, {
      exportId: 'e-9',
      status: 'progress',
      percent: 55,
      eta: 3,
      error: null,
    });
    assert.deepEqual(await update, {
      exportId: 'e-9',
      status: 'progress',
      percent: 55,
      eta: 3,
      error: null,
    });
  });

  it('adds a customer connected to the other process to a team room', async () => {
    const onSecond = await signedInClient(second);
    const teamId = randomUUID();
    const live = first.app.get(LiveService);
    live.joinTeam(onSecond.customer.id, teamId);
    const update = next(onSecond.socket, liveEvents.renderUpdate);
    live.toTeam(teamId, liveEvents.renderUpdate, {
      exportId: 'e-10',
      status: 'done',
      percent: 100,
      eta: null,
      error: null,
    });
    assert.deepEqual(await update, {
      exportId: 'e-10',
      status: 'done',
      percent: 100,
      eta: null,
      error: null,
    });
  });

  it('disconnects a customer connected to the other process', async () => {
    const onSecond = await signedInClient(second);
    const closed = disconnection(onSecond.socket);
    first.app.get(LiveService).disconnectCustomer(onSecond.customer.id);
    assert.equal(await closed, 'io server disconnect');
  });
});
