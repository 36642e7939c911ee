import { Module } from '@nestjs/common';
import { CouponRedemptionsRepository } from './coupon-redemptions.repository.js';
import { CouponsController } from './coupons.controller.js';
import { CouponsRepository } from './coupons.repository.js';

@Module({
  controllers: [CouponsController],
  providers: [CouponsRepository, CouponRedemptionsRepository],
  exports: [CouponsRepository, CouponRedemptionsRepository],
})
export class CouponsModule {}
