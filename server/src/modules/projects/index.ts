// The projects module's public surface (its entity, until the dashboard work builds the rest).
export { ProjectEntity } from './project.entity.js';
