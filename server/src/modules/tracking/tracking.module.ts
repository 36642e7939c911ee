import { Module } from '@nestjs/common';
import { TrackingRepository } from './tracking.repository.js';
import { TrackingService } from './tracking.service.js';

@Module({
  providers: [TrackingRepository, TrackingService],
  exports: [TrackingService],
})
export class TrackingModule {}
