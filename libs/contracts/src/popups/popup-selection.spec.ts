import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteCoupon } from '../coupons/coupon.js';
import {
  closedPopupsFromCookies,
  isPricingPath,
  popupCookieMaxAgeSeconds,
  popupCookieName,
  popupCookieString,
  popupRecordsCookie,
  selectPopup,
  type PopupCustomer,
} from './popup-selection.js';

const coupon: SiteCoupon = {
  code: 'SAVE20',
  type: 'percent',
  discount: 20,
  expires: '2026-11-30T23:00:00Z',
  limitation: null,
  originalPriceCents: null,
  customDesign: '',
};
const invite = { id: 'i1' };
const customer: PopupCustomer<{ id: string }> = {
  verified: true,
  hasProAccess: false,
  isAnnual: false,
  subscription: {},
  invites: [],
  defaultCoupon: coupon,
};
const select = (
  overrides: Partial<PopupCustomer<{ id: string }>>,
  options: { pathname?: string; search?: string; closed?: string[] } = {},
) =>
  selectPopup({
    pathname: options.pathname ?? '/',
    search: options.search ?? '',
    customer: { ...customer, ...overrides },
    closed: new Set(options.closed ?? []),
  });

describe('seasonal popup selection (§4)', () => {
  it('shows pending invites first, in the invitations dialog, before any coupon rule', () => {
    assert.deepEqual(select({ invites: [invite] }), {
      kind: 'invitations',
      name: 'invitations',
      invites: [invite],
    });
    // The coupon rules do not hold invites back.
    assert.equal(select({ invites: [invite], verified: false })?.kind, 'invitations');
    assert.equal(select({ invites: [invite], defaultCoupon: null })?.kind, 'invitations');
  });

  it('passes to the coupon popup once the invitations dialog was closed this session', () => {
    assert.deepEqual(select({ invites: [invite] }, { closed: ['invitations'] }), {
      kind: 'coupon',
      name: 'coupon',
      coupon,
    });
    assert.equal(
      select({ invites: [invite], defaultCoupon: null }, { closed: ['invitations'] }),
      null,
    );
  });

  it('shows no popup when the address opens a dialog of its page (one dialog at a time)', () => {
    for (const search of [
      '?edit=p1',
      '?confirm=delete',
      '?manage=t1',
      '?dialog=rename',
      '?a=1&manage',
    ]) {
      assert.equal(select({ invites: [invite] }, { search }), null, search);
      assert.equal(select({}, { search }), null, search);
    }
    assert.equal(select({}, { search: '?page=2' })?.kind, 'coupon');
    assert.equal(select({ invites: [invite] }, { search: '?sort=name' })?.kind, 'invitations');
  });

  it('shows no coupon popup without a subscription', () => {
    assert.equal(select({ subscription: null }), null);
  });

  it('shows no coupon popup on the pricing page or the dialogs over it', () => {
    for (const pathname of [
      '/pricing',
      '/pricing/',
      '/pay/annual/pro',
      '/upgrade/card/monthly/team',
    ]) {
      assert.equal(select({}, { pathname }), null, pathname);
    }
    assert.equal(isPricingPath('/pricing-plans'), false);
    assert.equal(isPricingPath('/billing'), false);
  });

  it('shows no coupon popup to an unverified customer', () => {
    assert.equal(select({ verified: false }), null);
  });

  it('shows no coupon popup to a pro-access annual customer, but to pro monthly and free annual', () => {
    assert.equal(select({ hasProAccess: true, isAnnual: true }), null);
    assert.equal(select({ hasProAccess: true, isAnnual: false })?.kind, 'coupon');
    assert.equal(select({ hasProAccess: false, isAnnual: true })?.kind, 'coupon');
  });

  it('shows nothing when no coupon exists', () => {
    assert.equal(select({ defaultCoupon: null }), null);
  });

  it("picks the popup of the coupon's custom design, else the default coupon dialog", () => {
    for (const design of [
      'black-friday-promo',
      'cyber-monday-promo',
      'spring-2022',
      'gif-export-2022',
    ] as const) {
      const popup = select({ defaultCoupon: { ...coupon, customDesign: design } });
      assert.equal(popup?.kind === 'coupon' && popup.name, design);
    }
    assert.equal(select({})?.name, 'coupon');
  });

  it('shows each popup once: a closed one (cookie or session list) is not shown again', () => {
    assert.equal(select({}, { closed: ['coupon'] }), null);
    const friday = { ...coupon, customDesign: 'black-friday-promo' as const };
    assert.equal(select({ defaultCoupon: friday }, { closed: ['black-friday-promo'] }), null);
    // Another dialog's record does not hide this one.
    assert.equal(
      select({ defaultCoupon: friday }, { closed: ['coupon'] })?.name,
      'black-friday-promo',
    );
  });
});

describe('popup records', () => {
  it("names each popup's cookie 'PopinDialog-' plus the dialog name", () => {
    assert.equal(popupCookieName('black-friday-promo'), 'PopinDialog-black-friday-promo');
    assert.equal(popupCookieName('coupon'), 'PopinDialog-coupon');
  });

  it('records a cookie for coupon dialogs and skips it for the invitations dialog', () => {
    assert.equal(popupRecordsCookie('spring-2022'), true);
    assert.equal(popupRecordsCookie('coupon'), true);
    assert.equal(popupRecordsCookie('invitations'), false);
  });

  it('reads the closed popups from the PopinDialog- cookies and ignores others', () => {
    const closed = closedPopupsFromCookies({
      'PopinDialog-cyber-monday-promo': '1',
      'PopinDialog-unknown': '1',
      'PopinDialog-coupon': '',
      session: 'x',
    });
    assert.deepEqual([...closed], ['cyber-monday-promo']);
  });

  it("keeps a coupon popup's cookie until the coupon ends, a day at least, a year at most", () => {
    const now = new Date('2026-11-28T12:00:00Z');
    assert.equal(popupCookieMaxAgeSeconds('2026-11-30T12:00:00Z', now), 2 * 86_400);
    assert.equal(popupCookieMaxAgeSeconds('2026-11-28T13:00:00Z', now), 86_400);
    assert.equal(popupCookieMaxAgeSeconds(null, now), 365 * 86_400);
    assert.equal(popupCookieMaxAgeSeconds('2030-01-01T00:00:00Z', now), 365 * 86_400);
  });
});

describe('popup cookie', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it("writes a coupon dialog's cookie until the coupon ends, the invitations dialog's for the session", () => {
    assert.equal(
      popupCookieString('coupon', { expires: '2026-11-30T12:00:00Z', now, secure: false }),
      'PopinDialog-coupon=1; Path=/; Max-Age=172800; SameSite=Lax',
    );
    assert.equal(
      popupCookieString('invitations', { expires: null, now, secure: true }),
      'PopinDialog-invitations=1; Path=/; SameSite=Lax; Secure',
    );
  });
});
