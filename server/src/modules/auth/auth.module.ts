import { Module } from '@nestjs/common';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  providers: [SessionsRepository, SessionsService],
  exports: [SessionsService],
})
export class AuthModule {}
