import type { RenderExport, RenderStatus } from '../renders/render.js';

/** Socket.IO events of the live channel (projects-dashboard §4 "Live updates", §7). */
export const LIVE_NAMESPACE = '/';

/** Where the live channel is served, on the same origin and port as the pages and the API. */
export const LIVE_PATH = '/socket.io';

export const liveRooms = {
  customer: (customerId: string) => `customer:${customerId}`,
  team: (teamId: string) => `team:${teamId}`,
} as const;

export const liveEvents = {
  /** Sent to a socket right after its handshake was accepted. */
  ready: 'ready',
  thumbnailReady: 'thumbnail-ready',
  renderUpdate: 'render-update',
  /**
   * Someone's access to a shared project or folder changed (issue 31): a grant was given,
   * changed or taken away, a team's share toggled. Sent to every customer affected (the
   * grantee, or the team's room); the dashboard reloads its lists and an open share dialog.
   */
  sharingChanged: 'sharing-changed',
} as const;

/**
 * Why a connection was refused: the `message` of the Error a client receives in `connect_error`.
 * After either one Socket.IO does not reconnect by itself; `unavailable` is worth a retry later,
 * `unauthorized` needs a new sign-in.
 */
export const liveConnectErrors = {
  /** No session cookie, or one that is unknown, revoked or expired. */
  unauthorized: 'unauthorized',
  /** The session could not be checked (e.g. the database is down) or the server is stopping. */
  unavailable: 'unavailable',
} as const;

export type LiveConnectError = (typeof liveConnectErrors)[keyof typeof liveConnectErrors];

export interface LiveReadyPayload {
  customerId: string;
}

export interface ThumbnailReadyPayload {
  projectId: string;
  previewUri: string;
}

/**
 * A render's job changed (issue 32): sent to the customer's room, throttled while in progress
 * (at most one a second per render). `export` is the whole render once it is done, so the
 * Completed list can put it on top of page 1 without a reload.
 */
export interface RenderUpdatePayload {
  exportId: string;
  status: RenderStatus;
  percent: number;
  /** Seconds left, while in progress. */
  eta: number | null;
  /** Why a failed job failed. */
  error: string | null;
  export?: RenderExport;
}

/** What changed for the receiver: their access was given, changed, or taken away. */
export type SharingChange = 'granted' | 'updated' | 'removed';

export interface SharingChangedPayload {
  /** 'project' or 'label' (a folder; its projects and sub-folders are affected too). */
  entity: 'project' | 'label';
  /** The project's or folder's id. */
  id: string;
  change: SharingChange;
}

export interface LiveEventPayloads {
  [liveEvents.ready]: LiveReadyPayload;
  [liveEvents.thumbnailReady]: ThumbnailReadyPayload;
  [liveEvents.renderUpdate]: RenderUpdatePayload;
  [liveEvents.sharingChanged]: SharingChangedPayload;
}

export type LiveEventName = keyof LiveEventPayloads;

/**
 * The server-to-client event map, in the shape Socket.IO's typed `Server` and client `Socket`
 * take as their emit/listen type parameter (`Socket<LiveServerToClientEvents>` in the browser).
 */
export type LiveServerToClientEvents = {
  [E in LiveEventName]: (payload: LiveEventPayloads[E]) => void;
};

/** The client sends nothing over the live channel; updates flow one way. */
export type LiveClientToServerEvents = Record<string, never>;
