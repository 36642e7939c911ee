import { Module } from '@nestjs/common';
import { CouponsController } from './coupons.controller.js';
import { CouponsRepository } from './coupons.repository.js';

@Module({
  controllers: [CouponsController],
  providers: [CouponsRepository],
  exports: [CouponsRepository],
})
export class CouponsModule {}
