import 'reflect-metadata';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import {
  apiPaths,
  avatarMessages,
  endpoints,
  ownMessages,
  projectMessages,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** An SVG whose root holds `levels` groups, each inside the one before. */
function nested(levels: number): string {
  return `<svg ${NS} viewBox="0 0 10 10">${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;
}

/**
 * The worst import within the limits the probe found: 4.75 MB of SVG, 19,000 long paths (the
 * element limit is 20,000), which blocked the event loop for seconds when parsed there.
 */
function heavyImport(): string {
  const segments = Array.from({ length: 26 }, (_, i) => `L${i * 37} ${(i * 53) % 1000}`).join(' ');
  const path = `<path d="M0 0 ${segments} Z" fill="#7c5cff" stroke="#000"/>`;
  const count = Math.floor(4_750_000 / path.length);
  return `<svg ${NS} viewBox="0 0 1000 1000">${path.repeat(Math.min(count, 19_000))}</svg>`;
}

interface ImportAnswer {
  project: { id: string };
}

describe('uploads: limits before any DOM, the work off the event loop, a limit per customer', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: {
        RATE_LIMIT_AVATAR: '8/3600',
        RATE_LIMIT_IMPORT: '8/3600',
        RATE_LIMIT_UPLOAD_UNVERIFIED: '2/3600',
      },
    });
  });
  after(async () => {
    await app?.stop();
  });

  async function signedIn(verified = true): Promise<string> {
    const customer = await newCustomer(app.runtime.dataSource, {
      verifiedAt: verified ? new Date() : null,
    });
    return newSessionCookie(app, customer.id);
  }

  function uploadAvatar(cookie: string, svg: string): Promise<Response> {
    const form = new FormData();
    form.append('image', new Blob([svg], { type: 'image/svg+xml' }), 'a.svg');
    return fetch(`${app.url}${endpoints.account.changeAvatar.path}`, {
      method: 'POST',
      headers: { cookie, origin: app.url },
      body: form,
    });
  }

  function uploadImport(cookie: string, svg: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'heavy.svg');
    return fetch(`${app.url}${endpoints.projects.import.path}`, {
      method: 'POST',
      headers: { cookie, origin: app.url },
      body: form,
    });
  }

  async function refusal(response: Response): Promise<{ status: number; text: string }> {
    const body = (await response.json()) as {
      error?: string;
      errors?: Record<string, string>;
      requestId?: string;
    };
    assert.match(String(body.requestId), /.+/);
    return { status: response.status, text: body.error ?? Object.values(body.errors ?? {})[0]! };
  }

  it('refuses SVG avatars 3,000 and 5,000 levels deep and of 70,000 nested groups with 422, keeps one 64 deep', async () => {
    const cookie = await signedIn();
    for (const levels of [3_000, 5_000, 70_000]) {
      assert.deepEqual(
        await refusal(await uploadAvatar(cookie, nested(levels))),
        { status: 422, text: avatarMessages.svgTooComplex },
        `${levels} levels`,
      );
    }
    const atLimit = await uploadAvatar(cookie, nested(63));
    assert.equal(atLimit.status, 200, await atLimit.text());
  });

  it('refuses an SVG import past the depth or the element limit with 422 too complex', async () => {
    const cookie = await signedIn();
    for (const svg of [nested(5_000), `<svg ${NS}>${'<rect/>'.repeat(20_000)}</svg>`]) {
      assert.deepEqual(await refusal(await uploadImport(cookie, svg)), {
        status: 422,
        text: projectMessages.tooComplex,
      });
    }
  });

  it('keeps answering /api/health while four worst-case uploads run: no answer waits for an upload', async () => {
    const cookie = await signedIn();
    const health = async () => {
      const started = performance.now();
      const response = await fetch(`${app.url}${apiPaths.health}`);
      await response.arrayBuffer();
      assert.equal(response.status, 200);
      return performance.now() - started;
    };
    await health();
    const began = performance.now();
    const heavy = heavyImport();
    assert.ok(heavy.length > 4_500_000, `${heavy.length} characters`);
    // The probe's worst cases: avatars of 70,000 nested groups (12 s of the event loop each
    // before) and an import of 4.75 MB (3.4 s before, then its preview as long again).
    let running = true;
    const uploads = Promise.all([
      uploadAvatar(cookie, nested(70_000)),
      uploadAvatar(cookie, nested(70_000)),
      uploadAvatar(cookie, nested(70_000)),
      uploadImport(cookie, heavy),
    ]).finally(() => (running = false));
    const latencies: number[] = [];
    const measure = async (until: () => boolean | Promise<boolean>) => {
      while (!(await until())) {
        latencies.push(await health());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await measure(() => !running);
    const answers = await uploads;
    const imported =
      answers[3]!.status === 201 ? ((await answers[3]!.json()) as ImportAnswer) : null;
    // And while the import's preview is made (in the pool too).
    await measure(async () => {
      if (!imported) return true;
      const rows: Array<{ pending_preview: boolean }> = await app.runtime.dataSource.query(
        `SELECT pending_preview FROM projects WHERE id = $1`,
        [imported.project.id],
      );
      return rows[0]?.pending_preview === false;
    });
    // The target (100 ms at worst) is a figure of a quiet machine, measured by
    // `npm run bench` (uploads-health). The test asks what holds on a loaded one too: no health
    // answer waits for an upload. Before, the slowest waited for most of the run (52.9 s of it),
    // now a small part (a few per cent here even with the machine's cores fully taken).
    const slowest = Math.max(...latencies);
    const window = performance.now() - began;
    assert.ok(latencies.length >= 5, `${latencies.length} health checks`);
    assert.ok(
      slowest < window / 4,
      `the slowest health answer took ${Math.round(slowest)} ms of ${Math.round(window)} ms`,
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [422, 422, 422, 201],
    );
  });

  it('answers 429 with Retry-After past the uploads of a customer, sooner for an unverified one', async () => {
    const small = `<svg ${NS} viewBox="0 0 10 10"><rect width="5" height="5"/></svg>`;
    const verified = await signedIn();
    for (let i = 0; i < 8; i++) assert.equal((await uploadAvatar(verified, small)).status, 200);
    const ninth = await uploadAvatar(verified, small);
    assert.match(String(ninth.headers.get('retry-after')), /^[1-9][0-9]*$/);
    assert.deepEqual(await refusal(ninth), { status: 429, text: ownMessages.tooManyRequests });

    const unverified = await signedIn(false);
    for (let i = 0; i < 2; i++) assert.equal((await uploadAvatar(unverified, small)).status, 200);
    assert.equal((await uploadAvatar(unverified, small)).status, 429);
    for (let i = 0; i < 2; i++) assert.equal((await uploadImport(unverified, small)).status, 201);
    const third = await uploadImport(unverified, small);
    const retryAfter = String(third.headers.get('retry-after'));
    assert.match(retryAfter, /^[1-9][0-9]*$/);
    // An import's 429 names the wait (issue 29), here the rest of the hour's window.
    assert.deepEqual(await refusal(third), {
      status: 429,
      text: projectMessages.importsTooMany(Number(retryAfter) * 1000),
    });
  });
});
