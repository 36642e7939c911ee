export * from './project.js';
export * from './project-data.js';
export * from './dashboard-rules.js';
export * from './project-messages.js';
export * from './project-files.js';
export * from './project-dto.js';
export * from './project-page.js';
export * from './dashboard-notices.js';
