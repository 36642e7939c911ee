import { Inject, Injectable } from '@nestjs/common';
import { authMessages } from '@animata/contracts';
import type { Clock } from '../../../common/clock.js';
import { CLOCK } from '../../../common/tokens.js';
import { CustomersRepository } from '../../customers/index.js';
import { SessionsService } from '../../sessions/index.js';
import { TrackingService } from '../../tracking/index.js';
import { SocialIdentitiesRepository } from './social-identities.repository.js';
import type { SocialProfile } from './social-profile.js';

export type SocialSignInResult =
  { ok: true; customerId: string; created: boolean } | { ok: false; message: string };

const providerName = (provider: string) => provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * Google and Facebook sign-in: a known identity signs in; a verified e-mail of an existing
 * customer links the identity to that account; otherwise a new, verified customer is created.
 * An address the provider has not verified never links to an existing account.
 */
@Injectable()
export class SocialAuthService {
  constructor(
    private readonly identities: SocialIdentitiesRepository,
    private readonly customers: CustomersRepository,
    private readonly tracking: TrackingService,
    private readonly sessions: SessionsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async signIn(profile: SocialProfile): Promise<SocialSignInResult> {
    const known = await this.identities.findCustomerId(profile.provider, profile.subject);
    if (known) return { ok: true, customerId: known, created: false };
    if (!profile.email || !profile.emailVerified) {
      return {
        ok: false,
        message: authMessages.socialNoEmail.replace('{provider}', providerName(profile.provider)),
      };
    }
    const now = this.clock.now();
    const existing = await this.customers.findByEmail(profile.email);
    if (existing) {
      if (!existing.verifiedAt) {
        // Nobody proved this address before: whoever registered it (perhaps someone else, ahead
        // of its owner) loses the password and sessions; the provider's verified owner takes over.
        await this.customers.clearPassword(existing.id);
        await this.sessions.revokeAllOf(existing.id);
      }
      await this.identities.link(profile.provider, profile.subject, existing.id);
      await this.customers.markVerified(existing.id, now);
      return { ok: true, customerId: existing.id, created: false };
    }
    const name = profile.name.trim().slice(0, 100) || profile.email.split('@')[0] || 'Animator';
    const created =
      (await this.customers.create({
        email: profile.email,
        name,
        passwordHash: null,
        verifiedAt: now,
      })) ?? (await this.customers.findByEmail(profile.email));
    if (!created)
      return {
        ok: false,
        message: authMessages.socialFailed.replace('{provider}', providerName(profile.provider)),
      };
    await this.identities.link(profile.provider, profile.subject, created.id);
    await this.tracking.track(created.id, 'SignUp', { method: profile.provider });
    return { ok: true, customerId: created.id, created: true };
  }
}
