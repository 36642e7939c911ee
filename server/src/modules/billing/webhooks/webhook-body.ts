import { Readable } from 'node:stream';
import { endpoints, ownMessages } from '@animata/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../../../common/errors/common.exception.js';

/** The gateways' webhooks: no session, no origin check, and their bytes kept as sent. */
export const WEBHOOK_PATHS: ReadonlySet<string> = new Set([
  endpoints.stripe.webhook.path,
  endpoints.paypal.webhook.path,
]);

/** A webhook request carries the body exactly as the gateway signed it. */
export interface WebhookRequest extends FastifyRequest {
  rawBody?: Buffer;
}

export function isWebhookPath(url: string): boolean {
  const query = url.indexOf('?');
  return WEBHOOK_PATHS.has(query === -1 ? url : url.slice(0, query));
}

/**
 * Keeps the raw body of the two webhook routes (Stripe signs the bytes it sent, not our parse
 * of them) and then hands the same bytes to the usual parsers, so every other route parses as
 * before and these still get a parsed body too. Bodies past `limitBytes` get 413.
 */
export function registerWebhookBodies(fastify: FastifyInstance, limitBytes: number): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (!isWebhookPath(request.url)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > limitBytes) {
        throw new CommonException(CommonErrorCode.PayloadTooLarge, ownMessages.payloadTooLarge);
      }
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    (request as WebhookRequest).rawBody = raw;
    return Readable.from([raw]);
  });
}
