// The account module's public surface.
export { AccountModule } from './account.module.js';
