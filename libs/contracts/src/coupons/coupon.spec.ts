import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { couponBanner, couponExpiryText, couponOffLabel, type SiteCoupon } from './coupon.js';

const base: SiteCoupon = {
  code: 'SAVE',
  type: 'percent',
  discount: 20,
  expires: '2026-11-30T23:00:00Z',
  limitation: null,
  originalPriceCents: null,
  customDesign: '',
};

describe('coupon banner', () => {
  it('shows a coupon as $value or percent OFF', () => {
    assert.equal(couponOffLabel(base), '20% OFF');
    assert.equal(couponOffLabel({ ...base, type: 'amount', discount: 1050 }), '$10.50 OFF');
    assert.equal(couponOffLabel({ ...base, type: 'amount', discount: 3600 }), '$36 OFF');
  });

  it('writes the expiry in English long date format, GMT', () => {
    assert.equal(couponExpiryText(base), 'November 30, 2026');
    assert.equal(couponExpiryText({ ...base, expires: null }), null);
  });

  it('reads Black Friday as 20% off for one year, save up to $48 (against the 240 base)', () => {
    const banner = couponBanner({ ...base, customDesign: 'black-friday-promo' });
    assert.equal(banner.variant, 'black-friday-promo');
    assert.equal(banner.title, 'Black Friday: 20% OFF for one year');
    assert.equal(banner.text, 'Annual sale: save up to $48. Ends November 30, 2026.');
  });

  it('reads Cyber Monday as save $36, the percent computed against 240', () => {
    const banner = couponBanner({
      ...base,
      type: 'amount',
      discount: 3600,
      customDesign: 'cyber-monday-promo',
    });
    assert.equal(banner.title, 'Cyber Monday: save $36');
    assert.equal(banner.text, 'That is 15% off a year of animating. Ends November 30, 2026.');
  });

  it('uses the default banner for other designs', () => {
    const banner = couponBanner({
      ...base,
      customDesign: 'spring-2022',
      limitation: 'pro',
      expires: null,
    });
    assert.deepEqual(banner, {
      variant: 'default',
      title: '20% OFF on the Pro plan',
      text: 'Use code SAVE at checkout.',
    });
  });
});
