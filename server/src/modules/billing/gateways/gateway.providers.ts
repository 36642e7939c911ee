import type { Provider } from '@nestjs/common';
import type { Clock } from '../../../common/clock.js';
import { CLOCK, CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import {
  CARD_GATEWAY,
  WALLET_GATEWAY,
  type CardGateway,
  type WalletGateway,
} from './gateway.port.js';
import { SandboxCardGateway } from './sandbox/sandbox-card.gateway.js';
import { SandboxWalletGateway } from './sandbox/sandbox-wallet.gateway.js';
import {
  BraintreeWalletGateway,
  braintreeSettingsFrom,
} from './braintree/braintree-wallet.gateway.js';
import { StripeCardGateway, stripeSettingsFrom } from './stripe/stripe-card.gateway.js';

/**
 * Which gateways run: Stripe when STRIPE_SECRET_KEY is set, Braintree when its keys are set,
 * else their sandboxes (the embedded default). The sandboxes are always providers (the sandbox
 * confirm call checks whether the card one is the one in use).
 */
export const gatewayProviders: Provider[] = [
  SandboxCardGateway,
  SandboxWalletGateway,
  {
    provide: CARD_GATEWAY,
    inject: [CONFIG, SandboxCardGateway, CLOCK],
    useFactory: (config: AppConfig, sandbox: SandboxCardGateway, clock: Clock): CardGateway => {
      if (config.billing.stripe) {
        return new StripeCardGateway(stripeSettingsFrom(config.billing.stripe), undefined, clock);
      }
      return sandbox;
    },
  },
  {
    provide: WALLET_GATEWAY,
    inject: [CONFIG, SandboxWalletGateway, CLOCK],
    useFactory: (config: AppConfig, sandbox: SandboxWalletGateway, clock: Clock): WalletGateway => {
      if (config.billing.braintree) {
        return new BraintreeWalletGateway(
          braintreeSettingsFrom(config.billing.braintree, config.billing.stripe?.attemptLimit),
          undefined,
          clock,
        );
      }
      return sandbox;
    },
  },
];
