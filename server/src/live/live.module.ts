import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module.js';
import { LiveGateway } from './live.gateway.js';
import { LiveService } from './live.service.js';

/** The live channel: import it and inject LiveService to publish typed live events. */
@Module({
  imports: [AuthModule],
  providers: [LiveService, LiveGateway],
  exports: [LiveService],
})
export class LiveModule {}
