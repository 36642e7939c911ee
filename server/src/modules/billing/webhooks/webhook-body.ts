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
  // Callback style: every other request passes with no promise on the hot path.
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    if (!isWebhookPath(request.url)) {
      done(null, payload);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      if (error) done(error);
      else {
        (request as WebhookRequest).rawBody = body;
        done(null, Readable.from([body!]));
      }
    };
    payload.on('data', (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (finished) return; // past the limit: the rest is read and dropped
      if (size > limitBytes) {
        finish(new CommonException(CommonErrorCode.PayloadTooLarge, ownMessages.payloadTooLarge));
        return;
      }
      chunks.push(buffer);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error) => finish(error));
  });
}
