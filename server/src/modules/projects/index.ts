// The projects module's public surface.
export { ProjectEntity } from './project.entity.js';
export { LabelEntity } from './label.entity.js';
export { ProjectThumbnailsModule } from './thumbnails/thumbnails.module.js';
export { PreviewRequeue } from './thumbnails/preview-requeue.js';
export { ProjectsModule } from './projects.module.js';
export { ProjectsService } from './projects.service.js';
export { ProjectsRepository, type ProjectPosition, type Usage } from './projects.repository.js';
export { ProjectException, ProjectErrorCode } from './project.exception.js';
export { ProjectFilesModule } from './files/project-files.module.js';
// The list's paging and search helpers, which the renders list reuses (issue 32).
export { inListOrder, likePattern, planPage, type PagePlan } from './project-list.sql.js';
