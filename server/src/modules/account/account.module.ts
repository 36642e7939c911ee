import { Module } from '@nestjs/common';
import { WorkerPool } from '../../common/worker-pool/worker-pool.js';
import { AuthModule } from '../auth/index.js';
import { AppsModule } from '../apps/index.js';
import { BillingModule } from '../billing/index.js';
import { CouponsModule } from '../coupons/index.js';
import { CustomersModule } from '../customers/index.js';
import { ProjectsModule } from '../projects/index.js';
import { ShareInvitesModule } from '../sharing/index.js';
import { SessionsModule } from '../sessions/index.js';
import { TeamsModule } from '../teams/index.js';
import { UploadsModule } from '../uploads/index.js';
import { AccountPasswordService } from './account-password.service.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AvatarImages } from './avatar/avatar-images.js';
import { AvatarFilesController } from './avatar/avatar-files.controller.js';
import { AvatarController } from './avatar/avatar.controller.js';
import { AvatarRepository } from './avatar/avatar.repository.js';
import { AvatarService } from './avatar/avatar.service.js';
import { CustomerController } from './customer.controller.js';
import { CustomerService } from './customer.service.js';
import { EmailChangeController } from './email-change/email-change.controller.js';
import { EmailChangeRepository } from './email-change/email-change.repository.js';
import { EmailChangeService } from './email-change/email-change.service.js';
import { ProfileService } from './profile.service.js';

/** Every /account/* call and the session info: the signed-in customer's own settings. */
@Module({
  imports: [
    AuthModule,
    AppsModule,
    BillingModule,
    CouponsModule,
    CustomersModule,
    ProjectsModule,
    SessionsModule,
    ShareInvitesModule,
    TeamsModule,
    UploadsModule,
  ],
  controllers: [
    AccountController,
    CustomerController,
    EmailChangeController,
    AvatarController,
    AvatarFilesController,
  ],
  providers: [
    AccountService,
    AccountPasswordService,
    CustomerService,
    ProfileService,
    EmailChangeService,
    EmailChangeRepository,
    AvatarService,
    AvatarRepository,
    {
      provide: AvatarImages,
      inject: [WorkerPool],
      useFactory: (pool: WorkerPool) => new AvatarImages(pool),
    },
  ],
  // The maintenance job removes e-mail changes whose link expired.
  exports: [EmailChangeRepository],
})
export class AccountModule {}
