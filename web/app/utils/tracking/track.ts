import {
  endpoints,
  pushAnalyticsEvent,
  type TrackingEvent,
  type TrackingEventData,
} from '@animata/contracts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Sends a tracking event from the browser (billing-teams-apps §7 Tracking): to the server's
 * tracking call always, and to the tag manager's `window.dataLayer` when one is configured. The
 * promise settles when the data layer has taken the event, after 1 s at most (§9), or at once
 * without a tag manager, so a caller may wait for it before leaving the page. Never rejects:
 * tracking must not break what the customer is doing.
 */
export function trackEvent(
  eventName: TrackingEvent,
  eventData: TrackingEventData,
  options: { tagManagerId: string | null },
): Promise<void> {
  void fetch(endpoints.tracking.track.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ eventName, eventData }),
    credentials: 'same-origin',
    // No keepalive needed: the offer's link navigates inside the app, so the page stays.
  }).catch(() => undefined);
  if (!options.tagManagerId || typeof window === 'undefined') return Promise.resolve();
  return pushAnalyticsEvent((window.dataLayer ??= []), eventName, eventData);
}

/**
 * Loads the Google Tag Manager container once (its documented snippet, as a script element the
 * page's CSP allows from www.googletagmanager.com when the id is configured).
 */
export function loadTagManager(tagManagerId: string | null): void {
  if (!tagManagerId || typeof document === 'undefined') return;
  if (document.querySelector('script[data-tag-manager]')) return;
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManagerId)}`;
  script.dataset.tagManager = '';
  document.head.appendChild(script);
}
