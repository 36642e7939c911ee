// The authorization side of the apps module (consent, codes, tokens, /api/v1, other apps).
export { ApiV1Controller } from './api-v1.controller.js';
export { ApiV1Service } from './api-v1.service.js';
export { AppAuthorizationController, AppTokenController } from './app-authorization.controller.js';
export { AppAuthorizationRepository } from './app-authorization.repository.js';
export { AppAuthorizationService } from './app-authorization.service.js';
export { AppTokenService } from './app-token.service.js';
export { BearerGuard } from './bearer.guard.js';
export { OAuthMetadataController } from './oauth-metadata.controller.js';
export { OtherAppsController } from './other-apps.controller.js';
