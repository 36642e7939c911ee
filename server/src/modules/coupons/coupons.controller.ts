import { Controller, Get, Header, Inject } from '@nestjs/common';
import { endpoints, type SiteCoupon } from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import { CLOCK } from '../../common/tokens.js';
import { CouponsRepository } from './coupons.repository.js';

@Controller()
export class CouponsController {
  constructor(
    private readonly coupons: CouponsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The current site coupon for the sign-in pages' banner (public). */
  @Get(endpoints.coupons.site.path)
  @Header('cache-control', 'public, max-age=60')
  async site(): Promise<{ coupon: SiteCoupon | null }> {
    return { coupon: await this.coupons.findSiteCoupon(this.clock.now()) };
  }
}
