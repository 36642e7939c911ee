import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CancelSubscriptionBody,
  CardPayBody,
  ChangeCardBody,
  endpoints,
  Handle3dsBody,
  PreviewCostBody,
  UpgradeSubscriptionBody,
  WalletPayBody,
  type CancelSubscriptionResponse,
  type ChangeCardResponse,
  type EmptyResponse,
  type PayResponse,
  type UpgradePreview,
} from '@animata/contracts';
import { CONFIG } from '../../../common/tokens.js';
import type { AppConfig } from '../../../config/config.js';
import { clearAttemptCookie, clientContext, setAttemptCookie } from '../../auth/index.js';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';
import { type CheckoutOutcome, CheckoutService } from './checkout.service.js';

/** Sets or clears the two-factor attempt cookie an outcome asks for; answers the body. */
function send<T>(reply: FastifyReply, config: AppConfig, outcome: CheckoutOutcome<T>): T {
  if (outcome.attemptToken) setAttemptCookie(reply, config, outcome.attemptToken);
  else if (outcome.clearAttempt) clearAttemptCookie(reply, config);
  void reply.header('cache-control', 'no-store');
  return outcome.response;
}

/** The card gateway's calls (billing-teams-apps §7), Stripe or its sandbox. */
@Controller()
@UseGuards(SessionGuard)
export class CardCheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(endpoints.stripe.previewCost.path)
  @HttpCode(200)
  previewCost(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: PreviewCostBody,
  ): Promise<UpgradePreview> {
    return this.checkout.previewCost(auth.customerId, 'card', body);
  }

  @Post(endpoints.stripe.pay.path)
  @HttpCode(200)
  async pay(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CardPayBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayResponse> {
    const outcome = await this.checkout.pay(auth.customerId, 'card', body, clientContext(request));
    return send(reply, this.config, outcome);
  }

  @Post(endpoints.stripe.handle3ds.path)
  @HttpCode(200)
  handle3ds(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: Handle3dsBody,
  ): Promise<PayResponse> {
    return this.checkout.handle3ds(auth.customerId, body);
  }

  @Post(endpoints.stripe.upgradeSubscription.path)
  @HttpCode(200)
  async upgrade(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: UpgradeSubscriptionBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayResponse> {
    const outcome = await this.checkout.upgrade(
      auth.customerId,
      'card',
      body,
      clientContext(request),
    );
    return send(reply, this.config, outcome);
  }

  @Post(endpoints.stripe.changeCard.path)
  @HttpCode(200)
  async changeCard(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: ChangeCardBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ChangeCardResponse> {
    const outcome = await this.checkout.changeCard(auth.customerId, body, clientContext(request));
    return send(reply, this.config, outcome);
  }

  @Post(endpoints.stripe.removePaymentMethod.path)
  @HttpCode(200)
  removePaymentMethod(@CurrentSession() auth: AuthenticatedCustomer): Promise<EmptyResponse> {
    return this.checkout.removePaymentMethod(auth.customerId, 'card');
  }

  @Post(endpoints.stripe.cancelSubscription.path)
  @HttpCode(200)
  cancel(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CancelSubscriptionBody,
  ): Promise<CancelSubscriptionResponse> {
    return this.checkout.cancel(auth.customerId, 'card', body);
  }

  @Post(endpoints.stripe.resumeSubscription.path)
  @HttpCode(200)
  resume(@CurrentSession() auth: AuthenticatedCustomer): Promise<CancelSubscriptionResponse> {
    return this.checkout.resume(auth.customerId, 'card');
  }
}

/** The wallet gateway's calls (PayPal through Braintree, or its sandbox). */
@Controller()
@UseGuards(SessionGuard)
export class WalletCheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(endpoints.paypal.previewCost.path)
  @HttpCode(200)
  previewCost(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: PreviewCostBody,
  ): Promise<UpgradePreview> {
    return this.checkout.previewCost(auth.customerId, 'paypal', body);
  }

  @Post(endpoints.paypal.pay.path)
  @HttpCode(200)
  async pay(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: WalletPayBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayResponse> {
    const outcome = await this.checkout.pay(
      auth.customerId,
      'paypal',
      body,
      clientContext(request),
    );
    return send(reply, this.config, outcome);
  }

  @Post(endpoints.paypal.upgradeSubscription.path)
  @HttpCode(200)
  async upgrade(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: UpgradeSubscriptionBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PayResponse> {
    const outcome = await this.checkout.upgrade(
      auth.customerId,
      'paypal',
      body,
      clientContext(request),
    );
    return send(reply, this.config, outcome);
  }

  @Post(endpoints.paypal.removePaymentMethod.path)
  @HttpCode(200)
  removePaymentMethod(@CurrentSession() auth: AuthenticatedCustomer): Promise<EmptyResponse> {
    return this.checkout.removePaymentMethod(auth.customerId, 'paypal');
  }

  @Post(endpoints.paypal.cancelSubscription.path)
  @HttpCode(200)
  cancel(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: CancelSubscriptionBody,
  ): Promise<CancelSubscriptionResponse> {
    return this.checkout.cancel(auth.customerId, 'paypal', body);
  }

  @Post(endpoints.paypal.resumeSubscription.path)
  @HttpCode(200)
  resume(@CurrentSession() auth: AuthenticatedCustomer): Promise<CancelSubscriptionResponse> {
    return this.checkout.resume(auth.customerId, 'paypal');
  }
}
