// The storage module's public surface.
export { type ByteRange, type FileStorage, LocalFileStorage } from './file-storage.js';
export { S3FileStorage } from './s3-file-storage.js';
export { StorageModule } from './storage.module.js';
