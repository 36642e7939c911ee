import {
  closedPopupsFromCookies,
  couponPopup,
  selectPopup,
  type CustomerResponse,
} from '@animata/contracts';
import type { SeasonalPopupData } from './popup-view.js';

/** Every cookie of the request, by name (the last one wins, as browsers send most specific first). */
function requestCookies(request: Request): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.get('cookie') ?? '').split(/;\s*/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = part.slice(at + 1);
  }
  return cookies;
}

/**
 * The seasonal popup a signed-in page shows (billing-teams-apps §4), decided on the server from
 * the customer object and the `PopinDialog-` cookies, so a page without JavaScript shows it too
 * and one closed before is not drawn at all. With JavaScript the session's closed list
 * (sessionStorage) is checked again in the browser.
 */
export function seasonalPopupOf(request: Request, response: CustomerResponse): SeasonalPopupData {
  const { customer } = response;
  const url = new URL(request.url);
  const selection = selectPopup({
    pathname: url.pathname,
    search: url.search,
    customer,
    closed: closedPopupsFromCookies(requestCookies(request)),
  });
  const analytics = { tagManagerId: response.analytics?.tagManagerId ?? null };
  if (!selection) return { popup: null, analytics };
  if (selection.kind === 'invitations') {
    return {
      popup: {
        kind: 'invitations',
        name: selection.name,
        invites: selection.invites.map((invite) => ({
          id: invite.id,
          inviter: { name: invite.inviter.name },
          grantTitle: invite.grantTitle,
          grantEntity: invite.grantEntity,
          grantAccess: invite.grantAccess,
        })),
      },
      analytics,
    };
  }
  return {
    popup: {
      kind: 'coupon',
      name: selection.name,
      view: couponPopup(selection.coupon),
      expires: selection.coupon.expires,
    },
    analytics,
  };
}
