import { createHash, timingSafeEqual } from 'node:crypto';
import { isForwarded, OUTBOX_KEY_PARAM } from '@animata/contracts';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CommonException } from '../../common/errors/common.exception.js';
import { CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Compares in constant time: hashing first makes both sides the same length. */
function sameKey(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read and clear the dev outbox (it holds every reset and sign-in link): a request
 * carrying the key printed at start, from a loopback peer, naming no forwarded address; never in
 * production. Everyone else gets the catalogue's 404, as if there were no outbox. The pages'
 * in-process calls pass: their peer is the visitor's own address (in-process-bff.ts).
 */
export function mayReadOutbox(
  key: string | null,
  request: {
    query: unknown;
    headers: Record<string, unknown>;
    socket: { remoteAddress?: string | undefined };
  },
): boolean {
  if (key === null) return false;
  if (isForwarded((header) => request.headers[header] !== undefined)) return false;
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return false;
  const given = (request.query as Record<string, unknown> | undefined)?.[OUTBOX_KEY_PARAM];
  return typeof given === 'string' && sameKey(given, key);
}

@Injectable()
export class DevOutboxGuard implements CanActivate {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!mayReadOutbox(this.config.devOutboxKey, request)) throw CommonException.notFound();
    return true;
  }
}
