// The sessions module's public surface: other modules and common/ import only from here.
export { CurrentSession } from './current-session.decorator.js';
export { SessionEntity } from './session.entity.js';
export { SessionGuard } from './session.guard.js';
export {
  clearSessionCookie,
  SESSION_TTL_MS,
  sessionCookieName,
  setSessionCookie,
} from './session-cookie.js';
export { SessionsModule } from './sessions.module.js';
export {
  type AuthenticatedCustomer,
  type NewSessionMeta,
  type SessionRevoked,
  SessionsService,
} from './sessions.service.js';
