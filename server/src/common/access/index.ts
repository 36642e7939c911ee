export { AccessModule } from './access.module.js';
export { AccessService } from './access.service.js';
export { type Actor, Permission, VISITOR } from './permission.js';
export type { ItemAccess } from './access.repository.js';
export { teamPlanActive } from './team-plan-active.js';
