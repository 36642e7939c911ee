import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { CONFIG, FILE_STORAGE } from '../../common/tokens.js';
import { LocalFileStorage } from './file-storage.js';

@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [CONFIG],
      useFactory: (config: AppConfig) => new LocalFileStorage(config.storageDir),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
