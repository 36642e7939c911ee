import { liveConnectErrors, type LiveConnectError } from '@animata/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppLogger } from '../common/logger.js';
import type { SessionsService } from '../modules/sessions/index.js';

/** What a connected socket carries after its handshake (Socket.IO's `socket.data`). */
export interface LiveSocketData {
  customerId: string;
  sessionId: string;
}

/** The slice of SessionsService the handshake needs; the unit tests replace it. */
export type SessionLookup = Pick<SessionsService, 'authenticate'>;

/** The slice of a Socket.IO socket the middleware reads and writes. */
export interface HandshakeSocket {
  request: { headers: IncomingHttpHeaders };
  data: Partial<LiveSocketData>;
}

/** The Error a refused client receives in `connect_error`; its message is the contract. */
export class LiveConnectRefused extends Error {
  constructor(message: LiveConnectError) {
    super(message);
    this.name = 'LiveConnectRefused';
  }
}

/**
 * Socket.IO middleware authenticating the handshake with the same session as HTTP: the Cookie
 * header, through SessionsService.authenticate like every guarded route. Socket.IO answers /socket.io/ before Fastify, so no HTTP
 * hook or guard ever sees these requests; this is the only gate.
 */
export function handshakeMiddleware(
  sessions: SessionLookup,
  logger: Pick<AppLogger, 'warn'>,
): (socket: HandshakeSocket, next: (error?: Error) => void) => void {
  return (socket, next) => {
    const cookies = socket.request.headers.cookie;
    if (!cookies) {
      next(new LiveConnectRefused(liveConnectErrors.unauthorized));
      return;
    }
    sessions.authenticate(cookies).then(
      (customer) => {
        if (!customer) {
          next(new LiveConnectRefused(liveConnectErrors.unauthorized));
          return;
        }
        socket.data.customerId = customer.customerId;
        socket.data.sessionId = customer.sessionId;
        next();
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'live handshake: session lookup failed');
        next(new LiveConnectRefused(liveConnectErrors.unavailable));
      },
    );
  };
}
