// The projects module's public surface.
export { ProjectEntity } from './project.entity.js';
export { LabelEntity } from './label.entity.js';
export { ProjectThumbnailsModule } from './thumbnails/thumbnails.module.js';
