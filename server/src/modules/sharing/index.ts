// The sharing module's public surface (issue 31).
export { PublicLinksModule, PublicLinksService } from './public-links/index.js';
export { SharingModule } from './sharing.module.js';
export { SharingService, isItemId, type SharingPlan } from './sharing.service.js';
export { SharingRepository } from './sharing.repository.js';
export { ShareInvitesModule } from './share-invites.module.js';
export { ShareInvitesService } from './share-invites.service.js';
