import {
  LIVE_PATH,
  liveEvents,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
} from '@animata/contracts';
import { Inject } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { AppLogger } from '../common/logger.js';
import { LOGGER } from '../common/tokens.js';
import { SessionsService } from '../modules/sessions/index.js';
import { handshakeMiddleware, type LiveSocketData } from './live-handshake.js';
import { LiveService, type LiveMessage, type LiveSink } from './live.service.js';

type NoServerSideEvents = Record<string, never>;
type LiveServer = Server<
  LiveClientToServerEvents,
  LiveServerToClientEvents,
  NoServerSideEvents,
  LiveSocketData
>;
type LiveSocket = Socket<
  LiveClientToServerEvents,
  LiveServerToClientEvents,
  NoServerSideEvents,
  LiveSocketData
>;

/**
 * The live channel (projects-dashboard §7 "Onboarding and live channel"): the Socket.IO adapter
 * of the app (see live-io.adapter.ts) and the one listener of LiveService. Each socket is
 * authenticated at the handshake, joins its customer's, session's and teams' rooms, then gets
 * `ready`.
 */
@WebSocketGateway({ path: LIVE_PATH, serveClient: false, maxHttpBufferSize: 16 * 1024 })
export class LiveGateway
  implements OnGatewayInit<LiveServer>, OnGatewayConnection<LiveSocket>, LiveSink
{
  private server: LiveServer | null = null;

  constructor(
    private readonly live: LiveService,
    private readonly sessions: SessionsService,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {
    this.live.attach(this);
  }

  afterInit(server: LiveServer): void {
    this.server = server;
    server.use(handshakeMiddleware(this.sessions, this.logger));
  }

  async handleConnection(socket: LiveSocket): Promise<void> {
    const { customerId, sessionId } = socket.data;
    const rooms = await this.live.roomsFor(customerId, sessionId);
    // Gone while its teams were looked up: joining now would leave rooms behind in the adapter.
    if (socket.disconnected) return;
    await socket.join(rooms);
    socket.emit(liveEvents.ready, { customerId });
  }

  deliver(message: LiveMessage): void {
    if (!this.server) return;
    const room = this.server.to(message.room);
    // LiveService built the message from a checked (event, payload) pair; TypeScript cannot carry
    // that correlation through the union into Socket.IO's generic emit, hence this one widening.
    const emit = room.emit as (
      event: LiveMessage['event'],
      payload: LiveMessage['payload'],
    ) => boolean;
    emit.call(room, message.event, message.payload);
  }

  disconnect(room: string): void {
    this.server?.in(room).disconnectSockets(true);
  }

  join(room: string, target: string): void {
    this.server?.in(room).socketsJoin(target);
  }

  leave(room: string, target: string): void {
    this.server?.in(room).socketsLeave(target);
  }
}
