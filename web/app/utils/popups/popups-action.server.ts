import {
  endpoints,
  INVITATIONS_POPUP,
  invitationsTexts,
  isPopupName,
  pagePaths,
  popupCookieString,
  safeRedirect,
  type PopupName,
  type TrackingEvent,
  type TrackingEventData,
} from '@animata/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { api, type Api } from '../api.server.js';
import { formRefused, readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { popupIntents } from './popup-view.js';

const secure = process.env.NODE_ENV === 'production';

/** The closed popup's cookie (not HttpOnly: with JavaScript the page writes the same one). */
function popupCookie(name: PopupName, expires: string | null): string {
  return popupCookieString(name, { expires, now: new Date(), secure });
}

/** Tracking from a page action: never holds the redirect up for long, failures ignored. */
async function track(client: Api, eventName: TrackingEvent, eventData: TrackingEventData) {
  await client.call(endpoints.tracking.track, { eventName, eventData }).catch(() => null);
}

/**
 * POST /popups: what the seasonal popups post without JavaScript (and the invitations dialog
 * with it, asking for JSON with `mode=json`):
 * - close {name, expires?}: records the popup's cookie and goes back;
 * - offer {name, href, expires?}: records it too and goes to the offer (the pricing page);
 * - confirm | refuse {inviteId}: answers the invite (§7 invite answer) and goes back with the
 *   server's message; a failure records nothing, so the invitations show again.
 */
export async function popupsAction(request: Request, context: AppLoadContext) {
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const form = read.form;
  const back = safeRedirect(textField(form, 'returnTo'), pagePaths.home);
  const intent = textField(form, 'intent');
  const json = textField(form, 'mode') === 'json';
  const client = api(request, context);

  if (intent === popupIntents.close || intent === popupIntents.offer) {
    const name = textField(form, 'name');
    if (!isPopupName(name)) return redirect(back);
    const expires = textField(form, 'expires') || null;
    const validExpiry = expires && !Number.isNaN(Date.parse(expires)) ? expires : null;
    const headers = { 'set-cookie': popupCookie(name, validExpiry) };
    if (intent === popupIntents.offer && name !== INVITATIONS_POPUP) {
      await track(client, 'PopupClicked', { popup: name });
      const to = safeRedirect(textField(form, 'href'), pagePaths.pricing);
      return redirect(to.startsWith(pagePaths.pricing) ? to : pagePaths.pricing, { headers });
    }
    await track(client, 'PopupClosed', { popup: name });
    return redirect(back, { headers });
  }

  if (intent === popupIntents.confirm || intent === popupIntents.refuse) {
    const id = textField(form, 'inviteId');
    const result = await client.call(
      endpoints.invites.answer,
      { action: intent },
      { params: { id } },
    );
    if (!result.ok && result.error.kind === 'logged-out') throw client.toLogin(result.headers);
    const message = result.ok
      ? result.data.message
      : result.error.notice || invitationsTexts.failed;
    if (json) return data({ ok: result.ok, message }, { status: result.ok ? 200 : 422 });
    return redirectWithNotification(back, notify(result.ok ? 'success' : 'error', message));
  }
  return redirect(back);
}
