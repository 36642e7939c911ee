import { liveRooms, type LiveEventName, type LiveEventPayloads } from '@animata/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { AppLogger } from '../common/logger.js';
import { LOGGER } from '../common/tokens.js';

/** Events a feature may publish; `ready` belongs to the handshake and is sent by the gateway. */
export type LivePublishedEvent = Exclude<LiveEventName, 'ready'>;

/** One typed live event addressed to one room; the union keeps each event with its payload. */
export type LiveMessage = {
  [E in LivePublishedEvent]: { room: string; event: E; payload: LiveEventPayloads[E] };
}[LivePublishedEvent];

/**
 * The one listener that turns live messages into Socket.IO traffic (the gateway). Kept as an
 * interface so that services and this publisher never import socket.io. Every operation reaches
 * all processes sharing the rooms (through the Redis adapter when configured).
 */
export interface LiveSink {
  deliver(message: LiveMessage): void;
  /** Drops every connection in the room. */
  disconnect(room: string): void;
  /** Makes every connection in `room` join (or leave) `target` too. */
  join(room: string, target: string): void;
  leave(room: string, target: string): void;
}

/** The teams a customer belongs to, for the team rooms a new connection joins. */
export type TeamMembershipLookup = (customerId: string) => Promise<string[]>;

/** A room per session, so that signing out one browser can drop that browser's sockets only. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/**
 * The publisher features use for live updates (projects-dashboard §4 "Live updates"): typed
 * events for a customer's or a team's room. With the Redis adapter the rooms span every web
 * process, so a publish on one reaches a browser connected to another.
 */
@Injectable()
export class LiveService {
  private sink: LiveSink | null = null;
  private teamsOf: TeamMembershipLookup = async () => [];

  constructor(@Inject(LOGGER) private readonly logger: AppLogger) {}

  /** Called once by the gateway. */
  attach(sink: LiveSink): void {
    if (this.sink && this.sink !== sink) throw new Error('LiveService already has a listener.');
    this.sink = sink;
  }

  /** The teams feature registers where memberships come from; until then no team rooms. */
  useTeamMemberships(lookup: TeamMembershipLookup): void {
    this.teamsOf = lookup;
  }

  /** The rooms a connection joins once its session is accepted. */
  async roomsFor(customerId: string, sessionId: string): Promise<string[]> {
    const rooms = [liveRooms.customer(customerId), sessionRoom(sessionId)];
    try {
      const teamIds = await this.teamsOf(customerId);
      return [...rooms, ...teamIds.map((teamId) => liveRooms.team(teamId))];
    } catch (error) {
      // The customer's own updates matter most: connect without team rooms rather than refuse.
      this.logger.warn({ err: error, customerId }, 'live channel: team memberships unavailable');
      return rooms;
    }
  }

  toCustomer<E extends LivePublishedEvent>(
    customerId: string,
    event: E,
    payload: LiveEventPayloads[E],
  ): void {
    this.publish(liveRooms.customer(customerId), event, payload);
  }

  toTeam<E extends LivePublishedEvent>(
    teamId: string,
    event: E,
    payload: LiveEventPayloads[E],
  ): void {
    this.publish(liveRooms.team(teamId), event, payload);
  }

  /** A customer joined a team: their open connections start receiving its events. */
  joinTeam(customerId: string, teamId: string): void {
    this.sink?.join(liveRooms.customer(customerId), liveRooms.team(teamId));
  }

  /** A customer left or was removed from a team: their open connections stop receiving it. */
  leaveTeam(customerId: string, teamId: string): void {
    this.sink?.leave(liveRooms.customer(customerId), liveRooms.team(teamId));
  }

  /** Closes every live connection of a customer, e.g. after all their sessions were revoked. */
  disconnectCustomer(customerId: string): void {
    this.sink?.disconnect(liveRooms.customer(customerId));
  }

  /** Closes the live connections opened with one session, e.g. after signing out. */
  disconnectSession(sessionId: string): void {
    this.sink?.disconnect(sessionRoom(sessionId));
  }

  private publish<E extends LivePublishedEvent>(
    room: string,
    event: E,
    payload: LiveEventPayloads[E],
  ): void {
    if (!this.sink) {
      this.logger.debug({ room, event }, 'live event dropped: no live channel in this process');
      return;
    }
    // The generic E is one member of the union; TypeScript cannot narrow it by itself.
    this.sink.deliver({ room, event, payload } as LiveMessage);
  }
}
