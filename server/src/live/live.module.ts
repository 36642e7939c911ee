import { Module } from '@nestjs/common';
import { SessionsModule } from '../modules/sessions/index.js';
import { LiveGateway } from './live.gateway.js';
import { LiveSessionsListener } from './live-sessions.listener.js';
import { LiveService } from './live.service.js';

/** The live channel: import it and inject LiveService to publish typed live events. */
@Module({
  imports: [SessionsModule],
  providers: [LiveService, LiveGateway, LiveSessionsListener],
  exports: [LiveService],
})
export class LiveModule {}
