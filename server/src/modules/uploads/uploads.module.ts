import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { UploadLimits } from './upload-limits.js';

/** What avatar and import uploads share: the per-customer rate limit. */
@Module({
  imports: [CustomersModule],
  providers: [UploadLimits],
  exports: [UploadLimits],
})
export class UploadsModule {}
