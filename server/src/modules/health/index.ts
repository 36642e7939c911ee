// The health module's public surface.
export { HealthModule } from './health.module.js';
export { HealthService } from './health.service.js';
