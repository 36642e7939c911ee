// The coupons module's public surface.
export { CouponsModule } from './coupons.module.js';
