import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { CAPTCHA_VERIFIER, CONFIG } from '../../common/tokens.js';
import { CustomersModule } from '../customers/index.js';
import { MailModule } from '../mail/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TrackingModule } from '../tracking/index.js';
import { AuthHousekeeping } from './auth-housekeeping.js';
import { AuthLimits } from './auth-limits.js';
import { AuthMailer } from './auth-mailer.js';
import { PasswordChanges } from './password-changes.js';
import { PasswordCheck } from './password-check.js';
import { RegistrationInvitesHook } from './registration-invites.js';
import { AuthJobs } from './auth.jobs.js';
import { AuthOptionsController } from './auth-options.controller.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DisabledCaptcha, RecaptchaVerifier } from './captcha.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { OAuthStrategies } from './social/oauth-strategies.js';
import { SocialAuthService } from './social/social-auth.service.js';
import { SocialIdentitiesRepository } from './social/social-identities.repository.js';
import { SocialController } from './social/social.controller.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/**
 * Signing in and out: login, registration, verification, recovery, reset, strong password,
 * two-factor by e-mail (two-factor/) and Google and Facebook (social/).
 */
@Module({
  imports: [CustomersModule, SessionsModule, TrackingModule, MailModule],
  controllers: [AuthController, AuthOptionsController, TwoFactorController, SocialController],
  providers: [
    PasswordHasher,
    AuthTokensRepository,
    AuthTokensService,
    LoginAttemptsRepository,
    TwoFactorRepository,
    TwoFactorService,
    AuthMailer,
    AuthService,
    AuthLimits,
    PasswordCheck,
    PasswordChanges,
    AuthJobs,
    AuthHousekeeping,
    RegistrationInvitesHook,
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
  exports: [
    PasswordHasher,
    PasswordCheck,
    PasswordChanges,
    AuthHousekeeping,
    AuthLimits,
    AuthMailer,
    AuthTokensRepository,
    // The checkout's two-factor and captcha checks (billing).
    TwoFactorService,
    CAPTCHA_VERIFIER,
    // Teams plug the invite link's sign-up in (issue 30).
    RegistrationInvitesHook,
  ],
})
export class AuthModule {}
