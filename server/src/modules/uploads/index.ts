// The uploads module's public surface.
export { UploadsModule } from './uploads.module.js';
export { UploadLimits, type UploadKind } from './upload-limits.js';
