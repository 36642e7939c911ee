import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteCoupon } from '../coupons/coupon.js';
import {
  couponPopup,
  couponPricingHref,
  promoPercent,
  promoSavingDollars,
} from './coupon-popups.js';
import { inviteGrantText, inviteSentence } from './invitations.js';

const base: SiteCoupon = {
  code: 'BF2026',
  type: 'percent',
  discount: 20,
  expires: '2026-11-30T23:00:00Z',
  limitation: null,
  originalPriceCents: null,
  customDesign: 'black-friday-promo',
};

describe('coupon popups: amounts from the coupon (§9)', () => {
  it('computes the saving against the 240 base, or the coupon’s original price', () => {
    assert.equal(promoSavingDollars(base), 48);
    assert.equal(promoSavingDollars({ ...base, discount: 25 }), 60);
    assert.equal(promoSavingDollars({ ...base, originalPriceCents: 22_800 }), 45.6);
    assert.equal(promoSavingDollars({ ...base, type: 'amount', discount: 3600 }), 36);
    // An amount never saves more than the cycle costs.
    assert.equal(promoSavingDollars({ ...base, type: 'amount', discount: 50_000 }), 240);
  });

  it('computes the percent of an amount coupon against 240, truncated', () => {
    assert.equal(promoPercent({ ...base, type: 'amount', discount: 3600 }), 15);
    assert.equal(promoPercent({ ...base, type: 'amount', discount: 5000 }), 20);
    assert.equal(promoPercent({ ...base, type: 'amount', discount: 1000 }), 4);
    assert.equal(promoPercent({ ...base, discount: 30 }), 30);
  });
});

describe('coupon popups: texts (§9)', () => {
  it('reads Black Friday as 20% off for one year, save up to $48', () => {
    assert.deepEqual(couponPopup(base), {
      name: 'black-friday-promo',
      title: 'Black Friday',
      offer: '20% OFF for one year',
      text: 'Annual sale: save up to $48.',
      expiry: 'Offer ends November 30, 2026',
      action: { label: 'Get the offer', href: '/pricing?coupon=BF2026' },
    });
    const bigger = couponPopup({ ...base, discount: 30 });
    assert.equal(bigger.offer, '30% OFF for one year');
    assert.equal(bigger.text, 'Annual sale: save up to $72.');
  });

  it('reads Cyber Monday as save $36, 15% against the 240 base', () => {
    const popup = couponPopup({
      ...base,
      code: 'CYBER',
      type: 'amount',
      discount: 3600,
      customDesign: 'cyber-monday-promo',
    });
    assert.equal(popup.title, 'Cyber Monday');
    assert.equal(popup.offer, 'Save $36');
    assert.equal(popup.text, 'That is 15% off a year of animating.');
    assert.equal(popup.action.href, '/pricing?coupon=CYBER');
  });

  it('reads Spring as 20% off the first billing cycle, save up to $45.60', () => {
    const popup = couponPopup({
      ...base,
      customDesign: 'spring-2022',
      originalPriceCents: 22_800,
      expires: '2027-04-01T00:00:00Z',
    });
    assert.equal(popup.title, 'Spring sale');
    assert.equal(popup.offer, '20% OFF the first billing cycle');
    assert.equal(popup.text, 'On monthly and annual plans: save up to $45.60.');
    assert.equal(popup.expiry, 'Offer ends April 1, 2027');
  });

  it('gives the GIF export dialog and the default dialog the coupon as $value or percent OFF', () => {
    const gif = couponPopup({
      ...base,
      code: 'GIF',
      type: 'amount',
      discount: 1050,
      limitation: 'pro',
      customDesign: 'gif-export-2022',
    });
    assert.equal(gif.title, 'Export your animations as GIF');
    assert.equal(gif.offer, '$10.50 OFF on the Pro plan');
    assert.equal(gif.text, 'GIF export comes with every paid plan. Use code GIF at checkout.');
    const plain = couponPopup({ ...base, code: 'SAVE', customDesign: '', expires: null });
    assert.deepEqual(plain, {
      name: 'coupon',
      title: 'A special offer for you',
      offer: '20% OFF',
      text: 'Use code SAVE at checkout.',
      expiry: null,
      action: { label: 'Get the offer', href: '/pricing?coupon=SAVE' },
    });
  });

  it('writes the expiry in GMT: a coupon ending just after midnight GMT ends that day', () => {
    assert.equal(
      couponPopup({ ...base, expires: '2026-12-01T00:30:00Z' }).expiry,
      'Offer ends December 1, 2026',
    );
  });

  it('escapes the coupon code in the pricing link', () => {
    assert.equal(couponPricingHref({ code: 'A B&C' }), '/pricing?coupon=A%20B%26C');
  });
});

describe('invitations dialog texts', () => {
  const invite = {
    id: 'i',
    inviter: { name: 'Ada Lovelace' },
    grantTitle: 'Studio',
    grantEntity: 'team',
    grantAccess: 'member',
  };
  it('names the inviter and what the invite grants', () => {
    assert.equal(inviteSentence(invite), 'Ada Lovelace invited you to join the team Studio');
    assert.equal(inviteGrantText(invite), 'As a member');
    assert.equal(
      inviteGrantText({ ...invite, grantAccess: 'administrator' }),
      'As an administrator',
    );
    const project = { ...invite, grantEntity: 'project', grantAccess: 'edit', grantTitle: 'Logo' };
    assert.equal(inviteSentence(project), 'Ada Lovelace invited you to the project Logo');
    assert.equal(inviteGrantText(project), 'With edit access');
    assert.equal(
      inviteSentence({ ...project, grantEntity: 'label' }),
      'Ada Lovelace invited you to the folder Logo',
    );
  });
});
