/** Socket.IO events of the live channel (projects-dashboard §4 "Live updates"). */
export const LIVE_NAMESPACE = '/';

export const liveRooms = {
  customer: (customerId: string) => `customer:${customerId}`,
  team: (teamId: string) => `team:${teamId}`,
} as const;

export const liveEvents = {
  /** Sent to a socket right after its handshake was accepted. */
  ready: 'ready',
  thumbnailReady: 'thumbnail-ready',
  renderUpdate: 'render-update',
} as const;

export interface LiveReadyPayload {
  customerId: string;
}

export interface ThumbnailReadyPayload {
  projectId: string;
  previewUri: string;
}

export interface RenderUpdatePayload {
  exportId: string;
  status: string;
  percent: number;
}

export interface LiveEventPayloads {
  [liveEvents.ready]: LiveReadyPayload;
  [liveEvents.thumbnailReady]: ThumbnailReadyPayload;
  [liveEvents.renderUpdate]: RenderUpdatePayload;
}
