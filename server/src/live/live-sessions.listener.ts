import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SessionsService } from '../modules/sessions/index.js';
import { LiveService } from './live.service.js';

/** Sockets of an ended session (sign-out, password reset or change) are closed at once. */
@Injectable()
export class LiveSessionsListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly sessions: SessionsService,
    private readonly live: LiveService,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.sessions.onRevoked((event) => {
      if (event.scope === 'session') this.live.disconnectSession(event.sessionId);
      else this.live.disconnectCustomer(event.customerId);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
