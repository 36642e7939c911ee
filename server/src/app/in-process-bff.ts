import type { BffResponse, BffTransport } from '@animata/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PAGE_READS_HEADER, pageReadsOf } from '../common/http/page-reads.js';

/** Reaches the BFF's routes in-process through Fastify's inject(): same guards and pipes, no socket. */
export function inProcessBff(fastify: FastifyInstance): BffTransport {
  return async (request) => {
    const inject = async () =>
      answerOf(
        await fastify.inject({
          method: request.method,
          url: request.path,
          headers: request.headers,
          // JSON text, or an upload's multipart bytes.
          ...(request.body !== undefined
            ? {
                payload:
                  typeof request.body === 'string' ? request.body : Buffer.from(request.body),
              }
            : {}),
          // The visitor's own address as the peer: rate limits and session records see the
          // visitor, whatever TRUST_PROXY says (no X-Forwarded-For to trust or forge).
          remoteAddress: request.clientAddress ?? '127.0.0.1',
        }),
      );
    // A page's calls share their reads (page-reads.ts).
    const page = pageReadsOf(request.headers);
    if (!page) return inject();
    if (request.method !== 'GET') {
      // A call that may write: the page's later reads start afresh.
      try {
        return await inject();
      } finally {
        page.forgetAll();
      }
    }
    // The same read asked twice by one page (the root's and the layout's session call) is
    // answered once; a refusal or a failure is not kept. Each caller gets its own headers.
    const key = `call:${request.path}\u0000${request.headers.cookie ?? ''}`;
    const reading = page.once(key, inject);
    const answer = await reading;
    if (answer.status < 200 || answer.status >= 300) page.forget(key, reading);
    return { ...answer, headers: { ...answer.headers } };
  };
}

function answerOf(response: LightMyRequestResponse): BffResponse {
  return {
    status: response.statusCode,
    statusText: response.statusMessage,
    headers: response.headers as Record<string, string | string[] | undefined>,
    body: response.body,
  };
}
/** Reaches a BFF on another host over HTTP (BFF_URL). */
export function httpBff(baseUrl: string): BffTransport {
  return async (request) => {
    const outgoing = { ...request.headers };
    // A page's reads are shared in this process only.
    delete outgoing[PAGE_READS_HEADER];
    // Over HTTP the BFF must trust this web node in TRUST_PROXY to believe it.
    if (request.clientAddress) outgoing['x-forwarded-for'] = request.clientAddress;
    const response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: outgoing,
      ...(request.body !== undefined
        ? { body: typeof request.body === 'string' ? request.body : Buffer.from(request.body) }
        : {}),
      redirect: 'manual',
    });
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    return {
      status: response.status,
      statusText: response.statusText,
      headers,
      body: await response.text(),
    };
  };
}
