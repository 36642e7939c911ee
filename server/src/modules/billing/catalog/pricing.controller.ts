import { Controller, Get, Header, Inject, Optional, Query } from '@nestjs/common';
import {
  endpoints,
  PricesQueryDto,
  type PaymentConfigResponse,
  type PricesResponse,
} from '@animata/contracts';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { CatalogService } from './catalog.service.js';
import { WALLET_GATEWAY, type WalletGateway } from '../gateways/gateway.port.js';

/** The public pricing calls (billing-teams-apps §7 Prices). */
@Controller()
export class PricingController {
  constructor(
    private readonly catalog: CatalogService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(WALLET_GATEWAY) private readonly wallet: WalletGateway | null,
  ) {}

  @Get(endpoints.pricing.prices.path)
  @Header('cache-control', 'no-store')
  prices(@Query() query: PricesQueryDto): Promise<PricesResponse> {
    return this.catalog.prices(query.coupon || undefined);
  }

  /** The gateways' browser keys; nulls while the sandboxes run. */
  @Get(endpoints.pricing.paymentConfig.path)
  @Header('cache-control', 'no-store')
  async paymentConfig(): Promise<PaymentConfigResponse> {
    return {
      stripePublishableKey: this.config.billing.stripe?.publishableKey ?? null,
      braintreeClientToken: this.wallet?.clientToken ? await this.wallet.clientToken() : null,
    };
  }
}
