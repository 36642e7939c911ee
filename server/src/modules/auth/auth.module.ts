import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { SessionGuard } from '../../common/http/session.guard.js';
import { CAPTCHA_VERIFIER, CONFIG } from '../../common/tokens.js';
import { CustomersModule } from '../customers/customers.module.js';
import { MailModule } from '../mail/mail.module.js';
import { TrackingModule } from '../tracking/tracking.module.js';
import { AuthHousekeeping } from './auth-housekeeping.js';
import { AuthMailer } from './auth-mailer.js';
import { AuthJobs } from './auth.jobs.js';
import { AuthOptionsController } from './auth-options.controller.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DisabledCaptcha, RecaptchaVerifier } from './captcha.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordController } from './password.controller.js';
import { PasswordService } from './password.service.js';
import { SessionInfoController } from './session-info.controller.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { OAuthStrategies } from './social/oauth-strategies.js';
import { SocialAuthService } from './social/social-auth.service.js';
import { SocialIdentitiesRepository } from './social/social-identities.repository.js';
import { SocialController } from './social/social.controller.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';

@Module({
  imports: [CustomersModule, TrackingModule, MailModule],
  controllers: [
    AuthController,
    AuthOptionsController,
    SessionInfoController,
    TwoFactorController,
    PasswordController,
    SocialController,
  ],
  providers: [
    SessionsRepository,
    SessionsService,
    SessionGuard,
    PasswordHasher,
    AuthTokensRepository,
    AuthTokensService,
    LoginAttemptsRepository,
    TwoFactorRepository,
    TwoFactorService,
    AuthMailer,
    AuthService,
    AuthJobs,
    AuthHousekeeping,
    PasswordService,
    SocialIdentitiesRepository,
    SocialAuthService,
    {
      provide: OAuthStrategies,
      inject: [CONFIG],
      useFactory: (config: AppConfig) => new OAuthStrategies(config),
    },
    {
      provide: CAPTCHA_VERIFIER,
      inject: [CONFIG],
      useFactory: (config: AppConfig) =>
        config.recaptcha
          ? new RecaptchaVerifier({
              secretKey: config.recaptcha.secretKey,
              verifyUrl: config.recaptcha.verifyUrl,
              minScore: config.recaptcha.minScore,
            })
          : new DisabledCaptcha(),
    },
  ],
  exports: [SessionsService, SessionGuard, AuthService, AuthHousekeeping],
})
export class AuthModule {}
