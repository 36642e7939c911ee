// The sharing module's public surface.
export { SharingModule } from './sharing.module.js';
export { SharingService, isItemId, type SharingPlan } from './sharing.service.js';
export { SharingRepository } from './sharing.repository.js';
