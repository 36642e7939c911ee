import {
  LIVE_PATH,
  liveConnectErrors,
  liveEvents,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
} from '@animata/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useRevalidateWhenIdle } from '../../../utils/use-revalidate-when-idle.js';
import { announceRenderUpdate } from '../../renders/use-render-updates.js';

type LiveSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

/** Several previews finishing together cost one reload of the list. */
const REVALIDATE_DELAY_MS = 150;
/** After the server said it cannot check the session now, try again this much later. */
const RETRY_UNAVAILABLE_MS = 5000;

export type LiveState = 'connecting' | 'ready' | 'closed';

/**
 * The dashboard's live channel (projects-dashboard §4 "Live updates", §7): connects to Socket.IO
 * on the page's own origin when the dashboard mounts (this open connection is the spec's
 * keep-alive) and, on `thumbnail-ready`, reloads the page's data, so a card's spinner becomes
 * its preview; on `sharing-changed` too, so a share made, changed or removed by someone else
 * shows at once. Every tab of the customer is in the customer's room, so other tabs update too.
 * The session cookie authenticates the handshake, as it does every HTTP call.
 */
export function useLiveThumbnails(): LiveState {
  // Keeps its identity, so the socket is not reconnected on a render.
  const revalidate = useRevalidateWhenIdle();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    const socket: LiveSocket = io({ path: LIVE_PATH, transports: ['websocket'] });
    let reload: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    let readyBefore = false;

    socket.on(liveEvents.ready, () => {
      setState('ready');
      // Back after a lost connection: a preview may have finished meanwhile.
      if (readyBefore) revalidate();
      readyBefore = true;
      // Read by the browser tests: they send a thumbnail only once the tab listens.
      document.documentElement.dataset.live = 'ready';
    });
    const reloadSoon = () => {
      clearTimeout(reload);
      reload = setTimeout(() => revalidate(), REVALIDATE_DELAY_MS);
    };
    socket.on(liveEvents.thumbnailReady, reloadSoon);
    // A share given, changed or taken away (issue 31): Shared with me, the cards' actions and
    // their sharing icons follow without a reload of the page.
    socket.on(liveEvents.sharingChanged, reloadSoon);
    // A render's progress (issue 32): the renders screen and the project page update in place.
    socket.on(liveEvents.renderUpdate, announceRenderUpdate);
    socket.on('disconnect', () => {
      setState('connecting');
      delete document.documentElement.dataset.live;
    });
    socket.on('connect_error', (error) => {
      // Refusals by the handshake are final for Socket.IO (no automatic reconnection).
      if (error.message === liveConnectErrors.unavailable) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), RETRY_UNAVAILABLE_MS);
      } else if (error.message === liveConnectErrors.unauthorized) {
        setState('closed');
      }
    });

    return () => {
      clearTimeout(reload);
      clearTimeout(retry);
      socket.disconnect();
      delete document.documentElement.dataset.live;
    };
  }, [revalidate]);

  return state;
}
