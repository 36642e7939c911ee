import { sessionCookieName } from '../../src/modules/sessions/index.js';

/**
 * A small HTTP client for tests that keeps cookies like a browser (one jar per client) and sends
 * the Origin a browser would send on writes.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers))
      headers.origin = new URL(this.baseUrl).origin;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>): Promise<Response> {
    return this.request('GET', path, headers ? { headers } : {});
  }

  post(path: string, json?: unknown, headers?: Record<string, string>): Promise<Response> {
    return this.request('POST', path, { json: json ?? {}, ...(headers ? { headers } : {}) });
  }

  put(path: string, json?: unknown): Promise<Response> {
    return this.request('PUT', path, { json: json ?? {} });
  }

  delete(path: string): Promise<Response> {
    return this.request('DELETE', path);
  }
}

let emailCounter = 0;
/** An address no other test uses. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${(emailCounter += 1)}@example.com`;

/** A response's JSON body, as a loose record for assertions. */
export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A JSON call to the app as the holder of a session token (null: signed out), with the Origin a
 * browser sends: what the BFF's integration tests need most.
 */
export function sessionCaller(app: {
  url: string;
  runtime: { config: Parameters<typeof sessionCookieName>[0] };
}) {
  return (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(token ? { cookie: `${sessionCookieName(app.runtime.config)}=${token}` } : {}),
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/**
 * A JSON caller for one `Cookie` header (as `newSessionCookie` makes it), with the Origin a
 * browser sends, answering the status and the parsed body (null when empty).
 */
export function cookieCaller(app: { url: string }, cookie: string) {
  return async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie,
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // A file (a preview, a document) answers its text; everything else is JSON.
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: (text ? (isJson ? JSON.parse(text) : text) : null) as T,
    };
  };
}
