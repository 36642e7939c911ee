import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SessionInfoController } from './session-info.controller.js';

@Module({
  imports: [AuthModule],
  controllers: [SessionInfoController],
})
export class SessionInfoModule {}
