// The teams module's public surface.
export { TeamsModule } from './teams.module.js';
export { TeamsService } from './teams.service.js';
export { TeamViews } from './team-views.js';
export { TeamsRepository } from './teams.repository.js';
