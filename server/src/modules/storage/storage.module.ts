import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { CONFIG, FILE_STORAGE } from '../../common/tokens.js';
import { LocalFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [CONFIG],
      // S3 when S3_BUCKET is set, else the local directory (the embedded default).
      useFactory: (config: AppConfig) =>
        config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.storageDir),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
