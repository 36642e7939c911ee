import { Transform, type TransformCallback } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './utils/nonce.js';

export const streamTimeout = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The bridge's nonce for this response: every inline script (Remix's, React's streaming ones,
  // the scroll restoration) carries it, as the Content-Security-Policy demands.
  const nonce = loadContext.cspNonce;
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new GatheredWrites();
          // Security headers (CSP, nosniff, Referrer-Policy…) are the server's, for every page.
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * React writes a document in pieces of about 2 KB; passed on one by one, each would be a trip
 * through the web stream, Fastify and a socket write of its own. They are gathered instead and
 * passed on once per turn of the event loop: a page rendered in one go leaves as one write, and
 * a streamed page (a Suspense boundary resolving later) still leaves as each part is ready.
 */
class GatheredWrites extends Transform {
  private pieces: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pieces.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.passOn());
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.passOn();
    done();
  }

  private passOn(): void {
    this.scheduled = false;
    if (this.pieces.length === 0) return;
    const gathered = Buffer.concat(this.pieces);
    this.pieces = [];
    this.push(gathered);
  }
}
