import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  endpoints,
  TRACKING_DATA_MAX_BYTES,
  TrackBody,
  type EmptyResponse,
} from '@animata/contracts';
import { CommonException } from '../../../common/errors/common.exception.js';
import { TrackingService } from '../../tracking/index.js';
import { type AuthenticatedCustomer, CurrentSession, SessionGuard } from '../../sessions/index.js';

/** A flat object of strings, finite numbers, booleans and nulls, at most 2 KB of JSON (pure). */
export function trackingDataProblem(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return 'eventData must be an object';
  for (const value of Object.values(data)) {
    const ok =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!ok) return 'eventData must be a flat object of strings, numbers, booleans or nulls';
  }
  if (Buffer.byteLength(JSON.stringify(data)) > TRACKING_DATA_MAX_BYTES)
    return `eventData must be at most ${TRACKING_DATA_MAX_BYTES} bytes`;
  return null;
}

/** POST tracking/track (§7): the checkout's InitiateCheckout, AddPaymentInfo and Purchase. */
@Controller()
@UseGuards(SessionGuard)
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  @Post(endpoints.tracking.track.path)
  @HttpCode(200)
  async track(
    @CurrentSession() auth: AuthenticatedCustomer,
    @Body() body: TrackBody,
  ): Promise<EmptyResponse> {
    const problem = trackingDataProblem(body.eventData);
    if (problem) throw CommonException.validation({ eventData: problem });
    await this.tracking.track(auth.customerId, body.eventName, body.eventData);
    return {};
  }
}
