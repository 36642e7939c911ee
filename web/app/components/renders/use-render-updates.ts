import type { RenderUpdatePayload } from '@animata/contracts';
import { useEffect, useRef } from 'react';

/**
 * The live channel's `render-update` events as a window event: the one socket of the page
 * (useLiveThumbnails) hands them on, and whatever shows renders (the renders screen, the project
 * page) listens here, without a socket of its own (decision 299).
 */
export const RENDER_UPDATE_EVENT = 'animata:render-update';

export function announceRenderUpdate(payload: RenderUpdatePayload): void {
  window.dispatchEvent(
    new CustomEvent<RenderUpdatePayload>(RENDER_UPDATE_EVENT, { detail: payload }),
  );
}

/** Calls `handler` with every render update while the component is mounted. */
export function useRenderUpdates(handler: (payload: RenderUpdatePayload) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) =>
      latest.current((event as CustomEvent<RenderUpdatePayload>).detail);
    window.addEventListener(RENDER_UPDATE_EVENT, listener);
    return () => window.removeEventListener(RENDER_UPDATE_EVENT, listener);
  }, []);
}
