import {
  fillPath,
  formErrorStatus,
  interpretError,
  loginUrlFor,
  REQUEST_ID_HEADER,
  sessionCookieNameFor,
  type AnyEndpoint,
  type Endpoint,
  type HttpMethod,
  type InterpretedError,
  type MultipartBody,
  type QueryParams,
} from '@animata/contracts';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { pagePathOf } from './redirects.js';
import { loggedOutNotification, notificationCookie } from './notification.server.js';

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | {
      ok: false;
      status: number;
      error: InterpretedError;
      headers: Headers;
      /** A 429's Retry-After, in seconds, when the BFF sent one. */
      retryAfterSeconds?: number;
    };

export type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

export interface CallOptions {
  /** Fields of the form: 422 entries for these become field errors, others notices. */
  knownFields?: readonly string[];
  /** Values of the endpoint's `:name` path segments. */
  params?: Record<string, string>;
  query?: QueryParams;
}

/**
 * The one typed client every loader and action uses to reach the BFF. It forwards the
 * visitor's session cookie and request id, and reads every failure through the catalogue
 * (libs/contracts interpretError), so no route maps statuses on its own.
 */
export class Api {
  constructor(
    private readonly request: Request,
    private readonly context: AppLoadContext,
  ) {}

  /**
   * Calls one endpoint of the contracts' table: its method and path, the body its request
   * type allows (none for a call without one), the answer typed by its response type.
   */
  call<Response, Path extends string>(
    endpoint: Endpoint<undefined, Response, Path>,
    body?: undefined,
    options?: CallOptions,
  ): Promise<ApiResult<Response>>;
  call<Request, Response, Path extends string>(
    endpoint: Endpoint<Request, Response, Path>,
    body: NoInfer<Request>,
    options?: CallOptions,
  ): Promise<ApiResult<Response>>;
  call(endpoint: AnyEndpoint, body?: unknown, options: CallOptions = {}) {
    const path = fillPath(endpoint.path, {
      params: options.params ?? {},
      query: options.query ?? {},
    });
    return this.send(endpoint.method, path, body, options);
  }

  /**
   * Calls an endpoint that takes a multipart form (an upload): the form is encoded once here,
   * with its boundary, and sent as bytes; the answer is read like any other call's.
   */
  async upload<Response, Path extends string>(
    endpoint: Endpoint<MultipartBody, Response, Path>,
    form: FormData,
    options: CallOptions = {},
  ): Promise<ApiResult<Response>> {
    const path = fillPath(endpoint.path, {
      params: options.params ?? {},
      query: options.query ?? {},
    });
    const encoded = new globalThis.Response(form);
    const multipart = new EncodedMultipart(
      encoded.headers.get('content-type') ?? 'multipart/form-data',
      new Uint8Array(await encoded.arrayBuffer()),
    );
    return this.send(endpoint.method, path, multipart, options) as Promise<ApiResult<Response>>;
  }

  private async send(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: CallOptions,
  ): Promise<ApiResult<unknown>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [REQUEST_ID_HEADER]: this.context.requestId,
      // The page request already passed the site's own checks; the BFF sees our origin.
      origin: this.context.publicOrigin,
      host: new URL(this.context.publicOrigin).host,
    };
    const cookie = this.request.headers.get('cookie');
    if (cookie) headers.cookie = cookie;
    const userAgent = this.request.headers.get('user-agent');
    if (userAgent) headers['user-agent'] = userAgent;
    const multipart = body instanceof EncodedMultipart ? body : null;
    if (body !== undefined) headers['content-type'] = multipart?.contentType ?? 'application/json';

    let response;
    try {
      response = await this.context.bff({
        method,
        path,
        headers,
        // The address the bridge saw, never the browser's own X-Forwarded-For (forgeable).
        ...(this.context.clientAddress ? { clientAddress: this.context.clientAddress } : {}),
        ...(body !== undefined ? { body: multipart?.bytes ?? JSON.stringify(body) } : {}),
      });
    } catch {
      const error = interpretError({ status: 0, aborted: this.request.signal.aborted });
      return { ok: false, status: 0, error, headers: new Headers() };
    }

    const responseHeaders = new Headers();
    const setCookie = response.headers['set-cookie'];
    for (const value of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      responseHeaders.append('set-cookie', value);
    }
    const parsed = parseJson(response.body);
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, status: response.status, data: parsed, headers: responseHeaders };
    }
    const error = interpretError({
      status: response.status,
      statusText: response.statusText,
      body: parsed,
      ...(options.knownFields ? { knownFields: options.knownFields } : {}),
    });
    const retryAfter = Number(response.headers['retry-after']);
    return {
      ok: false,
      status: response.status,
      error,
      headers: responseHeaders,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    };
  }

  /**
   * For loaders: the data, or the catalogue's reaction. 401 goes to the login page with the
   * url parameter (and the logged-out notice when a session ended, see toLogin); 403/404 go to
   * the route's error boundary.
   */
  async expect<T>(result: Promise<ApiResult<T>>): Promise<T> {
    const settled = await result;
    if (settled.ok) return settled.data;
    if (settled.error.kind === 'logged-out') throw this.toLogin(settled.headers);
    throw new Response(settled.error.notice, { status: settled.status || 503 });
  }

  /**
   * The redirect a 401 leads to: the login page with the page's address in `url`. The
   * logged-out notice (its 'Log In' button leads to the same login address) comes along only
   * when a session really ended, that is when the request carried a session cookie the BFF
   * refused; a visitor who never signed in is simply asked to log in.
   */
  toLogin(bffHeaders?: Headers): Response {
    const login = loginUrlFor(pagePathOf(this.request));
    // Cookies the BFF set with its 401 (the cleared session cookie) reach the browser too.
    const headers = new Headers(bffHeaders);
    if (sentSessionCookie(this.request)) {
      headers.append('set-cookie', notificationCookie.serialize(loggedOutNotification(login)));
    }
    return redirect(login, { headers });
  }
}

/** A multipart body ready to send: its bytes and the content type naming its boundary. */
class EncodedMultipart {
  constructor(
    readonly contentType: string,
    readonly bytes: Uint8Array,
  ) {}
}

/**
 * Whether the request carried the session cookie (whatever its value): the BFF names it after
 * the environment, and so do the pages (NODE_ENV is one setting of the one process).
 */
export function sentSessionCookie(request: Request): boolean {
  const name = sessionCookieNameFor(process.env.NODE_ENV === 'production');
  const header = request.headers.get('cookie') ?? '';
  return header.split(';').some((part) => part.split('=', 1)[0]?.trim() === name);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A form action's answer to a refused call: the field errors and the notice go back onto the
 * form with `extra` (what the form shows again), under formErrorStatus (429 or 422).
 */
export function formFailure<Extra extends object>(
  failure: ApiFailure,
  extra: Extra,
  init: { headers?: Headers } = {},
) {
  return data(
    { fieldErrors: failure.error.fieldErrors, notice: failure.error.notice, ...extra },
    { status: formErrorStatus(failure.status), ...init },
  );
}

export function api(request: Request, context: AppLoadContext): Api {
  return new Api(request, context);
}
