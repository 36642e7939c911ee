import { Global, Module } from '@nestjs/common';
import { AccessRepository } from './access.repository.js';
import { AccessService } from './access.service.js';

/** Global: every feature's service checks access through AccessService. */
@Global()
@Module({
  providers: [AccessRepository, AccessService],
  exports: [AccessService],
})
export class AccessModule {}
