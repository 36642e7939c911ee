// The coupons module's public surface.
export { CouponsModule } from './coupons.module.js';
export { CouponsRepository, type CouponLimits, type CouponSummary } from './coupons.repository.js';
export { CouponRedemptionsRepository } from './coupon-redemptions.repository.js';
