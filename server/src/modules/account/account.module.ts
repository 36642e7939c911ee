import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { CustomersModule } from '../customers/index.js';
import { SessionsModule } from '../sessions/index.js';
import { AccountPasswordService } from './account-password.service.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** Every /account/* call and the session info: the signed-in customer's own settings. */
@Module({
  imports: [AuthModule, CustomersModule, SessionsModule],
  controllers: [AccountController],
  providers: [AccountService, AccountPasswordService],
})
export class AccountModule {}
