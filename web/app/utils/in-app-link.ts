import type { NavigateFunction } from '@remix-run/react';
import type { MouseEvent } from 'react';

/**
 * Marks a plain anchor whose plain click `followInApp` turns into an in-app navigation: to a
 * dialog over the same list (the scroll kept), or to another page (`IN_APP_PAGE_LINK`, the
 * scroll reset as on any new page).
 */
export const IN_APP_LINK = { 'data-in-app': 'keep-scroll' } as const;
export const IN_APP_PAGE_LINK = { 'data-in-app': 'page' } as const;

/**
 * The entries of a card's menu are many on one page (six on each of twenty cards) and their
 * addresses are already whole, so they are plain anchors marked IN_APP_LINK instead of router
 * Links, which resolve their address against the route tree on every render. One handler on
 * the card or menu follows a plain left click in the app, without a reload; any other click
 * (a new tab, a window) stays the browser's, and without JavaScript they are ordinary links.
 */
export function followInApp(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[data-in-app]');
  if (!anchor || (anchor.target && anchor.target !== '_self')) return;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  const to = `${url.pathname}${url.search}${url.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  navigate(to, {
    preventScrollReset: anchor.dataset.inApp === IN_APP_LINK['data-in-app'],
    // As a router Link does: the address already shown is not a new history entry.
    replace: to === here,
  });
}
