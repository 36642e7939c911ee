// The maintenance module's public surface.
export { MaintenanceModule } from './maintenance.module.js';
