// The apps module's public surface.
export { AppsModule } from './apps.module.js';
export { AppEntity } from './app.entity.js';
export { CustomerAppFlagsReader, type CustomerAppFlags } from './customer-app-flags.js';
export { AppAuthorizationRepository } from './authorization/index.js';
