import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APP_AUTH_MESSAGE_TYPE,
  appAuthQuery,
  endpoints,
  pagePaths,
  type ApiV1ProjectList,
  type AppTokenResponse,
} from '@animata/contracts';

/**
 * A third-party site for the browser tests of issue 19: a real `node:http` server on its own
 * 127.0.0.1 port, with a page that has a 'Connect with Animata' button (popup mode), a link for
 * the redirect mode, and its own backend routes that exchange the code at Animata's token
 * endpoint (App ID, secret, PKCE verifier) and read the customer's projects with the token, as a
 * real app's server would. It records every request it receives.
 */

export const CONNECT_BUTTON = 'Connect with Animata';
export const CONNECT_REDIRECT_LINK = 'Connect with Animata (redirect)';
export const REFRESH_BUTTON = 'Refresh projects';
export const CALLBACK_PATH = '/callback';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface ThirdPartyApp {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The registered redirect URI: `${origin}/callback`. */
  readonly redirectUri: string;
  /** Every request the server received, in order. */
  readonly requests: ReceivedRequest[];
  /**
   * The app's credentials, once the test created it (the site must listen first: the app
   * registers its origin and redirect URI).
   */
  configure(credentials: { appId: string; secret: string }): void;
  /** The token the site holds after an exchange (for asserting revocation from the test too). */
  readonly accessToken: string | null;
  close(): Promise<void>;
}

export interface ThirdPartyAppOptions {
  /** Animata's origin, where the popup opens and whose messages alone the page accepts. */
  animataOrigin: string;
  /**
   * The `origin` the page asks for; its own by default. A site that is not registered passes a
   * registered one to try to receive the message anyway.
   */
  askedOrigin?: string;
}

interface Flow {
  state: string;
  verifier: string;
  challenge: string;
}

function newFlow(): Flow {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { state: randomBytes(12).toString('hex'), verifier, challenge };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

function projectList(titles: string[]): string {
  return `<ul id="projects">${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`;
}

export async function startThirdPartyApp(options: ThirdPartyAppOptions): Promise<ThirdPartyApp> {
  const requests: ReceivedRequest[] = [];
  let credentials: { appId: string; secret: string } | null = null;
  let flow = newFlow();
  let accessToken: string | null = null;
  const animata = options.animataOrigin;
  let origin = '';

  async function exchange(code: string, redirectUri?: string): Promise<string> {
    if (!credentials) throw new Error('The third-party app has no credentials yet.');
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: flow.verifier,
      client_id: credentials.appId,
      client_secret: credentials.secret,
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    });
    const response = await fetch(animata + endpoints.appAuth.token.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    if (!response.ok) {
      throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
    }
    const token = (await response.json()) as AppTokenResponse;
    accessToken = token.access_token;
    return token.access_token;
  }

  /** GET /api/v1/projects with the token: the titles, or the status of a refusal. */
  async function listProjects(): Promise<{ status: number; titles: string[] }> {
    const response = await fetch(animata + endpoints.apiV1.projects.path, {
      headers: { authorization: `Bearer ${accessToken ?? ''}`, accept: 'application/json' },
    });
    if (!response.ok) return { status: response.status, titles: [] };
    const list = (await response.json()) as ApiV1ProjectList;
    return { status: response.status, titles: list.data.map((project) => project.title) };
  }

  function authorizeUrl(extra: Record<string, string>): string {
    const url = new URL(pagePaths.appAuth, animata);
    url.searchParams.set(appAuthQuery.appId, credentials?.appId ?? '');
    url.searchParams.set(appAuthQuery.responseType, 'code');
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    url.searchParams.set(appAuthQuery.state, flow.state);
    url.searchParams.set(appAuthQuery.codeChallenge, flow.challenge);
    url.searchParams.set(appAuthQuery.codeChallengeMethod, 'S256');
    return url.href;
  }

  function home(): string {
    flow = newFlow();
    const popupUrl = authorizeUrl({ [appAuthQuery.origin]: options.askedOrigin ?? origin });
    const config = JSON.stringify({
      animata,
      popupUrl,
      state: flow.state,
      type: APP_AUTH_MESSAGE_TYPE,
    }).replace(/</g, '\\u003c');
    // The page's whole client: open the popup, accept only Animata's message with our state,
    // hand the code to our backend, show what it answers. Every message is recorded for tests.
    const script = `
const config = ${config};
window.received = [];
const show = (id, text) => { document.getElementById(id).textContent = text; };
const render = (result) => {
  show('api-status', 'API answered ' + result.status);
  document.getElementById('projects').innerHTML = '';
  for (const title of result.titles) {
    const li = document.createElement('li'); li.textContent = title;
    document.getElementById('projects').append(li);
  }
};
window.addEventListener('message', async (event) => {
  window.received.push({ origin: event.origin, data: event.data });
  if (event.origin !== config.animata) return;
  const data = event.data;
  if (!data || data.type !== config.type || data.state !== config.state) return;
  if (data.result !== 0) { show('auth-status', 'Denied: ' + data.error_description); return; }
  show('auth-status', 'Connected');
  const response = await fetch('/exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: data.code }) });
  render(await response.json());
});
document.getElementById('connect').addEventListener('click', () => {
  window.open(config.popupUrl, 'animata-auth', 'popup,width=520,height=720');
});
document.getElementById('refresh').addEventListener('click', async () => {
  const response = await fetch('/projects', { method: 'POST' });
  render(await response.json());
});`;
    const redirectHref = authorizeUrl({ [appAuthQuery.redirectUri]: origin + CALLBACK_PATH });
    return page(
      'Example third-party app',
      `<p><button id="connect" type="button">${CONNECT_BUTTON}</button></p>
<p><a id="connect-redirect" href="${escapeHtml(redirectHref)}">${CONNECT_REDIRECT_LINK}</a></p>
<p><button id="refresh" type="button">${REFRESH_BUTTON}</button></p>
<p id="auth-status" role="status"></p><p id="api-status"></p>${projectList([])}`,
      script,
    );
  }

  async function callback(query: URLSearchParams): Promise<string> {
    if (query.get('error')) {
      return page(
        'Authorization failed',
        `<p id="auth-status">${escapeHtml(`${query.get('error')}: ${query.get('error_description') ?? ''}`)}</p>`,
      );
    }
    if (query.get('state') !== flow.state) {
      return page('Authorization failed', '<p id="auth-status">state mismatch</p>');
    }
    await exchange(query.get('code') ?? '', origin + CALLBACK_PATH);
    const { status, titles } = await listProjects();
    return page(
      'Connected',
      `<p id="auth-status">appId ${escapeHtml(query.get('appId') ?? '')}</p><p id="api-status">API answered ${status}</p>${projectList(titles)}`,
    );
  }

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const html = (body: string) => send(200, 'text/html; charset=utf-8', body);
    const json = (body: unknown) => send(200, 'application/json', JSON.stringify(body));
    if (request.method === 'GET' && url.pathname === '/') return html(home());
    // No icon: an empty answer rather than a 404 the browser would log as an error.
    if (url.pathname === '/favicon.ico') return send(204, 'image/x-icon', '');
    if (request.method === 'GET' && url.pathname === CALLBACK_PATH) {
      return html(await callback(url.searchParams));
    }
    if (request.method === 'POST' && url.pathname === '/exchange') {
      const { code } = await readJson(request);
      await exchange(typeof code === 'string' ? code : '');
      return json(await listProjects());
    }
    if (request.method === 'POST' && url.pathname === '/projects')
      return json(await listProjects());
    return send(404, 'text/plain', 'Not found');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    redirectUri: origin + CALLBACK_PATH,
    requests,
    configure(given) {
      credentials = given;
    },
    get accessToken() {
      return accessToken;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
