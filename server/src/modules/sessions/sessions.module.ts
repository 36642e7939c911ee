import { Module } from '@nestjs/common';
import { SessionGuard } from './session.guard.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** Server-side sessions: who a request is from. Other modules use its public file, index.ts. */
@Module({
  providers: [SessionsRepository, SessionsService, SessionGuard],
  exports: [SessionsService, SessionGuard],
})
export class SessionsModule {}
