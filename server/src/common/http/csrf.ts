import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site writes. A state-changing request that names another origin (Origin header,
 * else Referer) is refused whether or not it carries cookies: a cross-site form post carries no
 * SameSite=Lax cookie, yet could sign a visitor in to someone else's account (login CSRF). One
 * that names no origin at all passes only without cookies (API clients, third-party apps with
 * tokens); a browser always names one on a cookie-bearing POST. SameSite alone is not enough.
 */
export function isCrossSiteWrite(
  request: FastifyRequest,
  allowedOrigin: (request: FastifyRequest) => string,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const expected = allowedOrigin(request);
  const origin = request.headers.origin;
  // 'null' is an opaque origin (sandboxed frame, cross-site redirect): never ours.
  if (typeof origin === 'string') return origin !== expected;
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    try {
      return new URL(referer).origin !== expected;
    } catch {
      return true;
    }
  }
  return Boolean(request.headers.cookie);
}

export function registerCsrfProtection(
  fastify: FastifyInstance,
  allowedOrigin: (request: FastifyRequest) => string,
  reject: (request: FastifyRequest) => { status: number; body: unknown },
  /** Requests that prove their origin otherwise (signed gateway webhooks). */
  exempt: (request: FastifyRequest) => boolean = () => false,
): void {
  // A callback hook: every request passes it, and an async one costs a promise each.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (exempt(request) || !isCrossSiteWrite(request, allowedOrigin)) {
      done();
      return;
    }
    const { status, body } = reject(request);
    void reply.status(status).header('cache-control', 'no-store').send(body);
  });
}
