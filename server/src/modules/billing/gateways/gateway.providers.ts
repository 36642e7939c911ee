import type { Provider } from '@nestjs/common';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import {
  CARD_GATEWAY,
  WALLET_GATEWAY,
  type CardGateway,
  type WalletGateway,
} from './gateway.port.js';
import { SandboxCardGateway } from './sandbox/sandbox-card.gateway.js';
import { SandboxWalletGateway } from './sandbox/sandbox-wallet.gateway.js';

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
    inject: [CONFIG, SandboxCardGateway],
    useFactory: (config: AppConfig, sandbox: SandboxCardGateway): CardGateway => {
      if (config.billing.stripe) {
        // Stripe adapter: helper gateways (return the StripeCardGateway built from
        // config.billing.stripe here).
        throw new Error('STRIPE_SECRET_KEY is set but this build has no Stripe adapter.');
      }
      return sandbox;
    },
  },
  {
    provide: WALLET_GATEWAY,
    inject: [CONFIG, SandboxWalletGateway],
    useFactory: (config: AppConfig, sandbox: SandboxWalletGateway): WalletGateway => {
      if (config.billing.braintree) {
        // Braintree adapter: helper gateways (return the BraintreeWalletGateway built from
        // config.billing.braintree here).
        throw new Error('Braintree keys are set but this build has no Braintree adapter.');
      }
      return sandbox;
    },
  },
];
