import { Controller, Get, Header, Inject } from '@nestjs/common';
import { API_BASE, type SiteCoupon } from '@animata/contracts';
import type { Clock } from '../../common/clock.js';
import { CLOCK } from '../../common/tokens.js';
import { CouponsRepository } from './coupons.repository.js';

@Controller(`${API_BASE}/coupons`)
export class CouponsController {
  constructor(
    private readonly coupons: CouponsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The current site coupon for the sign-in pages' banner (public). */
  @Get('site')
  @Header('cache-control', 'public, max-age=60')
  async site(): Promise<{ coupon: SiteCoupon | null }> {
    return { coupon: await this.coupons.findSiteCoupon(this.clock.now()) };
  }
}
