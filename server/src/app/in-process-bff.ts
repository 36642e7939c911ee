import type { BffTransport } from '@animata/contracts';
import type { FastifyInstance } from 'fastify';

/** Reaches the BFF's routes in-process through Fastify's inject(): same guards and pipes, no socket. */
export function inProcessBff(fastify: FastifyInstance): BffTransport {
  return async (request) => {
    const response = await fastify.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
      ...(request.body !== undefined ? { payload: request.body } : {}),
      // Loopback as the peer address: the BFF sees the page request's address in x-forwarded-for.
      remoteAddress: '127.0.0.1',
    });
    return {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers: response.headers as Record<string, string | string[] | undefined>,
      body: response.body,
    };
  };
}

/** Reaches a BFF on another host over HTTP (BFF_URL). */
export function httpBff(baseUrl: string): BffTransport {
  return async (request) => {
    const response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
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
