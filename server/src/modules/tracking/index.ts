// The tracking module's public surface.
export { TrackingModule } from './tracking.module.js';
export { TrackingService } from './tracking.service.js';
