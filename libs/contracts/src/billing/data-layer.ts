import {
  ANALYTICS_EVENT_TIMEOUT_MS,
  ANALYTICS_TIMEOUT_MS,
  type TrackingEvent,
  type TrackingEventData,
} from './checkout.js';

/** A tag manager's data layer (`window.dataLayer`): anything with `push`. */
export interface DataLayer {
  push(...items: unknown[]): unknown;
}

/**
 * Pushes an analytics event to a tag manager's data layer (§7 Tracking, §9 time-outs): the
 * event with its data, `eventCallback` and `eventTimeout` 950 ms. Settles when the tag manager
 * calls back, or after 1000 ms if it never does (not loaded, blocked), and never rejects.
 */
export function pushAnalyticsEvent(
  dataLayer: DataLayer,
  eventName: TrackingEvent,
  eventData: TrackingEventData,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(settle, ANALYTICS_TIMEOUT_MS);
    try {
      dataLayer.push({
        event: eventName,
        ...eventData,
        eventCallback: settle,
        eventTimeout: ANALYTICS_EVENT_TIMEOUT_MS,
      });
    } catch {
      settle();
    }
  });
}
