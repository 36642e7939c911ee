import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { endpoints, SandboxConfirmBody, type SandboxConfirmResponse } from '@animata/contracts';
import { CommonException } from '../../../../common/errors/common.exception.js';
import { CARD_GATEWAY, type CardGateway } from '../gateway.port.js';
import { SandboxCardGateway } from './sandbox-card.gateway.js';

/**
 * The sandbox's 3-D Secure test page answer (what Stripe's test challenge does in the browser).
 * 404 unless the sandbox card gateway runs. The client secret is the bearer, as with Stripe.
 */
@Controller()
export class SandboxController {
  constructor(@Inject(CARD_GATEWAY) private readonly card: CardGateway) {}

  @Post(endpoints.stripe.sandboxConfirm.path)
  @HttpCode(200)
  async confirm(@Body() body: SandboxConfirmBody): Promise<SandboxConfirmResponse> {
    if (!(this.card instanceof SandboxCardGateway)) throw CommonException.notFound();
    const answer = await this.card.confirm(body.clientSecret, body.outcome);
    if (!answer) throw CommonException.notFound();
    return answer;
  }
}
