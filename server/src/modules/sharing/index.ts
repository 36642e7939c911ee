// The sharing module's public surface.
export { ShareInvitesModule } from './share-invites.module.js';
export { ShareInvitesService } from './share-invites.service.js';
