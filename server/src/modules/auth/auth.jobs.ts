import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../jobs/job-registry.js';
import { AuthService } from './auth.service.js';

/**
 * Recovery and confirmation requests are answered at once and looked up here, later, so the
 * HTTP answer does the same work whether or not the account exists.
 */
@Injectable()
export class AuthJobs implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly auth: AuthService,
  ) {}

  onModuleInit(): void {
    this.registry.register('auth.password-reset-requested', async (job) => {
      await this.auth.sendPasswordReset(job.data.email);
    });
    this.registry.register('auth.verification-requested', async (job) => {
      await this.auth.sendVerification(job.data.email);
    });
  }
}
