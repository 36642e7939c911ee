import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { BffTransport, WebLoadContext } from '@animata/contracts';
import { API_ROOT, BODY_TOO_LARGE_CODE, catalogueMessages, ownMessages } from '@animata/contracts';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openPageReads, PAGE_READS_HEADER } from '../common/http/page-reads.js';
import { newCspNonce } from '../common/http/security-headers.js';

export interface RemixBridgeOptions {
  buildDir: string;
  mode: 'development' | 'production' | 'test';
  /** The configured public origin; null means "take it from the request" (development only). */
  publicOrigin: string | null;
  bodyLimitBytes: number;
  /** Form posts (urlencoded or JSON): they need far less than uploads. */
  formLimitBytes: number;
  bff: BffTransport;
  /** A page's security headers, given its CSP nonce and origin (common/http/security-headers). */
  securityHeaders: (
    nonce: string,
    origin: string,
    formAction?: readonly string[],
  ) => Record<string, string>;
}

/**
 * Serves the Remix app from the same Fastify server that Nest uses. Registered in its own
 * encapsulated context: there the body parsers are replaced by a pass-through one, so Remix reads
 * the raw stream while Nest keeps its parsers for /api. Unknown /api paths still get the
 * catalogue's JSON 404, never an HTML page.
 */
export async function registerRemix(
  fastify: FastifyInstance,
  options: RemixBridgeOptions,
): Promise<void> {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  const clientDir = path.join(options.buildDir, 'client');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web build is missing (${serverEntry}). Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, options.mode);
  const publicFiles = listPublicFiles(clientDir);

  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    // Fingerprinted assets: cached for a year. Other public files are served by the catch-all.
    await scope.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      immutable: true,
      maxAge: '365d',
      index: false,
    });

    scope.all('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === API_ROOT || pathname.startsWith(`${API_ROOT}/`)) {
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .send({ error: catalogueMessages.notFound, requestId: String(request.id) });
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && publicFiles.has(pathname)) {
        return reply
          .header('cache-control', 'public, max-age=3600')
          .sendFile(pathname.slice(1), clientDir);
      }
      // Only a body past every limit is refused unread. A form post past the form limit is cut
      // while Remix reads it, so the page answers 413 with its form (web readForm).
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > options.bodyLimitBytes) {
        drainRefusedBody(request, reply, options, 0);
        return reply.status(413).type('text/plain').send(ownMessages.payloadTooLarge);
      }
      const webRequest = toWebRequest(request, reply, options);
      const publicOrigin = originOf(request, options);
      // A fresh nonce for every page: the policy names it, and so do the page's inline scripts.
      const cspNonce = newCspNonce();
      void reply.headers(options.securityHeaders(cspNonce, publicOrigin));
      // The page's in-process BFF calls share their reads (one session read a page).
      const page = openPageReads();
      const context: WebLoadContext = {
        bff: (call) =>
          options.bff({
            ...call,
            headers: { ...call.headers, [PAGE_READS_HEADER]: page.reads.id },
          }),
        requestId: String(request.id),
        publicOrigin,
        clientAddress: request.ip,
        cspNonce,
        contentSecurityPolicy: (formAction) =>
          options.securityHeaders(cspNonce, publicOrigin, formAction)['content-security-policy'] ??
          '',
      };
      try {
        const response = await handle(webRequest, context as never);
        return await sendWebResponse(reply, response);
      } finally {
        // Its loaders and action are done; a deferred part still loading reads afresh.
        page.close();
      }
    });
  });
}

/** Multipart posts (uploads) may use the whole body limit; every other post is a form's. */
function bodyLimitOf(request: FastifyRequest, options: RemixBridgeOptions): number {
  const type = request.headers['content-type'] ?? '';
  return type.startsWith('multipart/form-data') ? options.bodyLimitBytes : options.formLimitBytes;
}

function listPublicFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(clientDir)) return files;
  for (const name of readdirSync(clientDir)) {
    if (name !== 'assets' && statSync(path.join(clientDir, name)).isFile()) files.add(`/${name}`);
  }
  return files;
}

function originOf(request: FastifyRequest, options: RemixBridgeOptions): string {
  return options.publicOrigin ?? `${request.protocol}://${request.host}`;
}

function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RemixBridgeOptions,
): Request {
  const url = new URL(request.url, originOf(request, options));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    const source = request.body as Readable;
    const limited = source.pipe(
      limitBytes(bodyLimitOf(request, options), (seen) => {
        source.unpipe(limited);
        drainRefusedBody(request, reply, options, seen);
      }),
    );
    init.body = Readable.toWeb(limited) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The pass-through parser bypasses Fastify's body limit, so Remix posts get one here. Past it,
 * `onRefused` gets the bytes read so far and the stream fails (the page answers 413).
 */
function limitBytes(limit: number, onRefused: (seen: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        onRefused(seen);
        callback(
          Object.assign(new Error(ownMessages.payloadTooLarge), { code: BODY_TOO_LARGE_CODE }),
        );
      } else callback(null, chunk);
    },
  });
}

/**
 * After a body is refused unread (or cut), the rest of it is still on the connection: left
 * there, the next request on that keep-alive connection would never be read, and a browser's
 * next click would hang. So the rest is read and dropped, up to twice the body limit; a body
 * larger than that is not worth reading, and its connection is closed after the answer instead
 * (`Connection: close`).
 */
function drainRefusedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RemixBridgeOptions,
  seen: number,
): void {
  const bound = 2 * options.bodyLimitBytes;
  const declared = Number(request.headers['content-length'] ?? 0);
  let drained = seen;
  const closeAfterAnswer = () => {
    const response = reply.raw;
    if (!response.headersSent) response.setHeader('connection', 'close');
    if (response.writableFinished) request.raw.destroy();
    else response.once('finish', () => request.raw.destroy());
  };
  if (declared > bound) {
    closeAfterAnswer();
    return;
  }
  const source = request.raw;
  const drop = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > bound) {
      source.off('data', drop);
      source.pause();
      closeAfterAnswer();
    }
  };
  source.on('data', drop);
  source.resume();
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  // Several cookies must stay several headers, never one comma-joined line.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
