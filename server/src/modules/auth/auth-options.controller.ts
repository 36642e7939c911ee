import { Controller, Get, Inject } from '@nestjs/common';
import { endpoints, type AuthOptionsResponse } from '@animata/contracts';
import type { AppConfig } from '../../config/config.js';
import { CONFIG } from '../../common/tokens.js';
import { OAuthStrategies } from './social/oauth-strategies.js';

@Controller()
export class AuthOptionsController {
  constructor(
    private readonly strategies: OAuthStrategies,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(endpoints.auth.options.path)
  options(): AuthOptionsResponse {
    return {
      socialProviders: this.strategies.configured(),
      recaptchaSiteKey: this.config.recaptcha?.siteKey ?? null,
    };
  }
}
