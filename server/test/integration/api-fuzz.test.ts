import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, fillPath, type AnyEndpoint } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  encodeRawComponent,
  FUZZ_RATE_LIMITS,
  HOSTILE_VALUES,
  hostileBodies,
  routeInputs,
  sampleOf,
  seededRandom,
} from '../support/fuzz.js';
import { newCustomer, newProject, newSessionCookie } from '../support/factories.js';

/**
 * Bounded, deterministic fuzzing of every BFF call in the contracts' endpoint table: wrong
 * types, nulls, huge and deep values, lone surrogates, NUL, prototype keys and wrong content
 * types, signed in and out. Nothing may answer 5xx, and every 4xx is in the catalogue's shape.
 */
const SEED = 0x5eed_2026;
const BODIES_PER_ENDPOINT = 60;

const FIELDS = [
  'email',
  'password',
  'old_password',
  'name',
  'token',
  'code',
  'contact',
  'action',
  'tfa_token',
  'enabled',
  'redirect',
  'recaptcha',
  'newEmail',
  'resend',
  'unsubscribed',
  'image',
  'payload',
  // The projects dashboard's calls.
  'title',
  'label',
  'data',
  'projects',
  'parentId',
  'is_public',
  'step',
  // Billing (issue 18).
  'plan',
  'product',
  'coupon',
  'source',
  'nonce',
  'payment',
  'extraSlots',
  'reason',
  'paymentIntentId',
  'clientSecret',
  'outcome',
  'eventName',
  'eventData',
  // App authorization (issue 19): the authorize and token calls' parameters.
  'appId',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'grant_type',
  'code_verifier',
  'refresh_token',
  'client_id',
  'client_secret',
  '__proto__',
  'constructor',
];
const STRINGS = [
  '',
  ' ',
  'ada@example.com',
  'Correct-Horse-7',
  'login',
  'register',
  '123456',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '𝓐𝓭𝓪@example.com',
  'ſtella@example.com',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'x'.repeat(5000),
  '%00',
  '\u202e',
];

function fuzzValue(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  switch (Math.floor(next() * (depth > 3 ? 6 : 9))) {
    case 0:
      return null;
    case 1:
      return pick([true, false]);
    case 2:
      return pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
    case 4:
    case 5:
      return pick(STRINGS);
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => fuzzValue(next, depth + 1));
    case 7:
      return fuzzObject(next, depth + 1);
    default: {
      // Deeper than any form, shallower than the parser's limit, or past it.
      const levels = pick([10, 31, 40, 200]);
      return JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`) as unknown;
    }
  }
}

function fuzzObject(next: () => number, depth = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const count = 1 + Math.floor(next() * 5);
  for (let i = 0; i < count; i += 1) {
    const field = FIELDS[Math.floor(next() * FIELDS.length)]!;
    Object.defineProperty(body, field, {
      value: fuzzValue(next, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return body;
}

/** Raw request bodies and their content types: JSON text, and the wrong kinds of body. */
function fuzzRequest(next: () => number): { body?: string; contentType?: string } {
  const roll = next();
  if (roll < 0.7)
    return { body: JSON.stringify(fuzzObject(next)), contentType: 'application/json' };
  if (roll < 0.75)
    return { body: JSON.stringify(fuzzValue(next)), contentType: 'application/json' };
  if (roll < 0.8) return { body: '{"email": "unterminated', contentType: 'application/json' };
  if (roll < 0.85)
    return { body: 'email=a%00b&password[]=x', contentType: 'application/x-www-form-urlencoded' };
  if (roll < 0.9) return { body: 'just text', contentType: 'text/plain' };
  if (roll < 0.92) return { body: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x' };
  if (roll < 0.97) return fuzzMultipart(next);
  return {};
}

/** Bytes that start like each image type the avatar upload knows, and some that do not. */
const FILE_STARTS = [
  '\x89PNG\r\n\x1a\n',
  '\xff\xd8\xff\xe0',
  'RIFF\x00\x00\x00\x00WEBPVP8X',
  'GIF89a',
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '<!DOCTYPE svg [<!ENTITY a "a">]><svg/>',
  '',
];
const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'image/gif',
  'text/html',
];

/** A multipart body as an upload sends it (`image` and `payload`), with fuzzed parts and values. */
function fuzzMultipart(next: () => number): { body: string; contentType: string } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const boundary = 'fuzz-boundary';
  const parts: string[] = [];
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i += 1) {
    const name = pick(['image', 'image', 'payload', 'payload', pick(FIELDS)]);
    if (next() < 0.5) {
      parts.push(
        `Content-Disposition: form-data; name="${name}"; filename="${pick(['a.png', 'a.svg', '', '../x', 'a\u0000.svg', '\uD800.png'])}"\r\n` +
          `Content-Type: ${pick(FILE_TYPES)}\r\n\r\n${pick(FILE_STARTS)}${pick(STRINGS)}`,
      );
    } else {
      const value =
        next() < 0.5
          ? JSON.stringify({ image: fuzzValue(next), coordinates: fuzzValue(next) })
          : JSON.stringify(fuzzValue(next));
      parts.push(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`);
    }
  }
  const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function allEndpoints(): Array<[string, AnyEndpoint]> {
  const found: Array<[string, AnyEndpoint]> = [];
  const walk = (node: unknown, name: string) => {
    if (node && typeof node === 'object' && 'method' in node && 'path' in node) {
      found.push([name, node as AnyEndpoint]);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, name ? `${name}.${key}` : key);
    }
  };
  walk(endpoints, '');
  return found;
}

/** Whether an API error body is in the catalogue's shape: a request id, and an error or errors. */
function inCatalogueShape(text: string): boolean {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return false;
  }
  return (
    parsed !== null &&
    typeof parsed.requestId === 'string' &&
    (typeof parsed.error === 'string' ||
      (typeof parsed.errors === 'object' && parsed.errors !== null))
  );
}

/** A value as a query string or a path segment carries it: null is the empty string. */
function encodedForUrl(value: unknown): string {
  return value === null ? '' : encodeRawComponent(String(value));
}

describe('fuzzing every BFF call (deterministic seed)', () => {
  let app: TestApp;
  let cookie: string;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: FUZZ_RATE_LIMITS,
    });
    const customer = await newCustomer(app.runtime.dataSource);
    cookie = await newSessionCookie(app, customer.id);
  });
  after(async () => {
    await app?.stop();
  });

  it('answers no request with 5xx, and every API 4xx in the catalogue shape', async () => {
    const next = seededRandom(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const [name, endpoint] of allEndpoints()) {
      for (let i = 0; i < BODIES_PER_ENDPOINT; i += 1) {
        const signedIn = next() < 0.5;
        const { body, contentType } = endpoint.method === 'GET' ? {} : fuzzRequest(next);
        const params = {
          provider: String(fuzzValue(next)),
          id: String(fuzzValue(next)),
          size: String(fuzzValue(next)),
        };
        const query =
          next() < 0.3
            ? {
                token: String(fuzzValue(next)),
                url: String(fuzzValue(next)),
                // App authorization's info and /api/v1's paging (issue 19).
                appId: String(fuzzValue(next)),
                redirect_uri: String(fuzzValue(next)),
                limit: String(fuzzValue(next)),
                cursor: String(fuzzValue(next)),
              }
            : {};
        let path: string;
        try {
          path = fillPath(endpoint.path, { params, query });
        } catch {
          path = endpoint.path;
        }
        const response = await fetch(`${app.url}${path}`, {
          method: endpoint.method,
          redirect: 'manual',
          headers: {
            origin: app.url,
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(signedIn ? { cookie } : {}),
          },
          ...(body === undefined ? {} : { body }),
        });
        sent += 1;
        const text = await response.text();
        const what = `${name} ${endpoint.method} ${path.slice(0, 80)} ${contentType ?? ''} ${String(body).slice(0, 120)}`;
        if (response.status >= 500 && !(name === 'health.ready' && response.status === 503)) {
          failures.push(`${response.status} ${what}`);
          continue;
        }
        const isApi = path.startsWith('/api/');
        if (isApi && response.status >= 400) {
          if (!inCatalogueShape(text))
            failures.push(
              `${response.status} not in the catalogue shape: ${what} -> ${text.slice(0, 120)}`,
            );
        }
      }
    }
    assert.ok(sent >= 1000, `only ${sent} requests were sent`);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${sent} requests failed`);
  });

  it('answers null, a NUL and lone surrogates in every field of every call with a 4xx in the catalogue shape', async () => {
    // A customer of its own (the other test's calls end their sessions) and a project of theirs,
    // so that calls on `:id` get past the access check.
    const customer = await newCustomer(app.runtime.dataSource);
    const cookie = await newSessionCookie(app, customer.id);
    const project = await newProject(app.runtime.dataSource, customer.id);
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, path: string, body?: Record<string, unknown>) => {
      const response = await fetch(`${app.url}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: app.url,
          cookie,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      sent += 1;
      const text = await response.text();
      const what = `${method} ${path.slice(0, 100)} ${body ? JSON.stringify(body).slice(0, 120) : ''}`;
      if (response.status >= 500 && !(path.startsWith('/api/health') && response.status === 503))
        failures.push(`${response.status} ${what}`);
      else if (path.startsWith('/api/') && response.status >= 400 && !inCatalogueShape(text))
        failures.push(`${response.status} not in the catalogue shape: ${what}`);
    };
    const routes = routeInputs(app.app);
    assert.ok(routes.length >= 50, `only ${routes.length} routes found`);
    for (const route of routes) {
      const pathWith = (value: string) =>
        route.path.replace(/:id\b/g, value).replace(/:\w+/g, value === project.id ? 'x' : value);
      const path = pathWith(project.id);
      const body = route.body ? sampleOf(route.body) : undefined;
      const query = route.query ? sampleOf(route.query) : {};
      const search = (values: Record<string, unknown>) =>
        Object.entries(values)
          .map(([name, value]) => `${name}=${encodedForUrl(value)}`)
          .join('&');
      for (const hostile of HOSTILE_VALUES) {
        if (route.path.includes(':')) {
          await send(route.method, pathWith(encodedForUrl(hostile)), body);
        }
        for (const field of Object.keys(query)) {
          await send(route.method, `${path}?${search({ ...query, [field]: hostile })}`, body);
        }
      }
      for (const hostile of route.body ? hostileBodies(route.body) : []) {
        await send(route.method, path, hostile);
      }
    }
    assert.ok(sent >= 500, `only ${sent} requests were sent`);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${sent} requests failed`);
  });
});
