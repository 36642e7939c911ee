import type { ShareAccess, ShareEntity } from './sharing.js';
import { SHARE_ENTITIES } from './sharing.js';
import {
  PUBLIC_LINK_PASSWORD_MAX,
  PUBLIC_LINK_PASSWORD_MIN,
  sharingMessages,
} from './sharing-messages.js';

/**
 * The share dialog's address (issue 31): it lives in the page's query, like the manage-team
 * dialog's `?manage=`, so a link, a reload and a page without JavaScript all show it. On the
 * dashboard `?share=project:{id}` or `?share=label:{id}`; on a project's own page `?share=1`
 * (that project). The removal question adds `&shareRemove={customerId}`.
 */
export const SHARE_PARAMS = { share: 'share', remove: 'shareRemove' } as const;

/** What the dialog shares. */
export interface ShareTarget {
  entity: ShareEntity;
  id: string;
}

/** Ids in the address: what the BFF's ids look like, nothing that could break a path. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/u;

/**
 * The target named by the `share` parameter, or null for none or a malformed one. `page` is the
 * project of a project page, which `?share=1` (or its own `project:{id}`) opens; a project page
 * never opens another item's dialog.
 */
export function shareTargetOf(value: string | null, page?: string): ShareTarget | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (page !== undefined) {
    return trimmed === '1' || trimmed === `project:${page}`
      ? { entity: 'project', id: page }
      : null;
  }
  const separator = trimmed.indexOf(':');
  if (separator < 0) return null;
  const entity = trimmed.slice(0, separator);
  const id = trimmed.slice(separator + 1);
  if (!(SHARE_ENTITIES as readonly string[]).includes(entity) || !ID_PATTERN.test(id)) return null;
  return { entity: entity as ShareEntity, id };
}

/** The `share` parameter's value for a target. */
export function shareParamOf(target: ShareTarget): string {
  return `${target.entity}:${target.id}`;
}

/**
 * `pathname?search` with the share dialog opened on `target` (its value given as is: '1' on a
 * project page), or closed for null. The removal question closes with it; the other dialogs of
 * the dashboard (`dialog`, `target`, `parent`) close too: one dialog at a time.
 */
export function withShareParam(
  location: { pathname: string; search: string },
  value: string | null,
  options: { remove?: string | null } = {},
): string {
  const params = new URLSearchParams(location.search);
  for (const key of ['dialog', 'target', 'parent', 'index', SHARE_PARAMS.remove]) {
    params.delete(key);
  }
  if (value === null) params.delete(SHARE_PARAMS.share);
  else {
    params.set(SHARE_PARAMS.share, value);
    if (options.remove) params.set(SHARE_PARAMS.remove, options.remove);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** §4/§5: may this address get edit access (a member of one of the owner's active teams)? */
export function mayEdit(email: string, editAllowedEmails: readonly string[]): boolean {
  const wanted = email.trim().toLowerCase();
  return wanted !== '' && editAllowedEmails.some((allowed) => allowed.toLowerCase() === wanted);
}

/** The access a form asks for: edit only where allowed, anything else view (§4 forced back). */
export function shareAccessOf(value: string, editAllowed: boolean): ShareAccess {
  return value === 'edit' && editAllowed ? 'edit' : 'view';
}

/**
 * The end of the day `date` (YYYY-MM-DD) where the browser is (`offsetMinutes` as
 * Date#getTimezoneOffset gives it; 0, UTC, without JavaScript), as an ISO date-time: a link that
 * expires on a day works through that whole day. Null for an empty or malformed date.
 */
export function expiryOfDay(date: string, offsetMinutes = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day, 23, 59, 59, 999);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const offset =
    Number.isFinite(offsetMinutes) && Math.abs(offsetMinutes) <= 14 * 60 ? offsetMinutes : 0;
  return new Date(utc + offset * 60_000).toISOString();
}

/** The day (YYYY-MM-DD) of an expiry, where the browser is (`offsetMinutes`), for the field. */
export function dayOfExpiry(iso: string | null, offsetMinutes = 0): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time - offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The expiry field's problem: a day already over. */
export function expiryError(iso: string | null, now: number = Date.now()): string | undefined {
  if (iso === null) return undefined;
  return Date.parse(iso) <= now ? sharingMessages.expiryInPast : undefined;
}

/** The link password's problem (empty means "no new password"). */
export function publicLinkPasswordError(password: string): string | undefined {
  if (password === '') return undefined;
  return password.length < PUBLIC_LINK_PASSWORD_MIN || password.length > PUBLIC_LINK_PASSWORD_MAX
    ? sharingMessages.publicLinkPasswordLength
    : undefined;
}
