import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site writes. Every state-changing request that carries cookies must come from
 * our own origin, told by its Origin header (or Referer when a browser sends no Origin).
 * SameSite=Lax alone is not enough: it lets top-level cross-site GETs through and is not
 * honoured by every client. Requests without cookies (third-party apps with tokens) pass.
 */
export function isCrossSiteWrite(
  request: FastifyRequest,
  allowedOrigin: (request: FastifyRequest) => string,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (!request.headers.cookie) return false;
  const expected = allowedOrigin(request);
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin !== expected;
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    try {
      return new URL(referer).origin !== expected;
    } catch {
      return true;
    }
  }
  // A browser always sends one of the two on a cookie-bearing POST; their absence is suspicious.
  return true;
}

export function registerCsrfProtection(
  fastify: FastifyInstance,
  allowedOrigin: (request: FastifyRequest) => string,
  reject: (request: FastifyRequest) => { status: number; body: unknown },
): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isCrossSiteWrite(request, allowedOrigin)) return;
    const { status, body } = reject(request);
    return reply.status(status).header('cache-control', 'no-store').send(body);
  });
}
