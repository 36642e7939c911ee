// The uploads module's public surface.
export { UploadsModule } from './uploads.module.js';
export { UploadLimits } from './upload-limits.js';
