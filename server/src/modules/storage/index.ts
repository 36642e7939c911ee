// The storage module's public surface.
export { type FileStorage } from './file-storage.js';
export { StorageModule } from './storage.module.js';
