import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  FREE_LIMITS,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  PROJECT_IMPORT_LIMITS,
  projectMessages,
  type CreatedProjectResponse,
  type LabelResponse,
  type ProjectFile,
  type ProjectWithData,
} from '@animata/contracts';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { ANIMATED_SVG, insertProject, projectRow } from './project-files.support.js';

const IMPORT = endpoints.projects.import.path;
const exportPath = (id: string) => fillPath(endpoints.projects.export.path, { params: { id } });
const previewPath = (id: string, v: number) =>
  fillPath(endpoints.projects.preview.path, { params: { id }, query: { v } });

const PREVIEW_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy':
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#7c5cff' } })
    .toFormat(format)
    .toBuffer();
}

describe(
  'project import, export and preview (real PostgreSQL, storage and jobs)',
  { timeout: 120_000 },
  () => {
    let app: TestApp;
    let alice: { id: string; cookie: string };
    let bob: { id: string; cookie: string };

    before(async () => {
      app = await startTestApp({ web: false });
      const a = await newCustomer(app.runtime.dataSource);
      const b = await newCustomer(app.runtime.dataSource);
      alice = { id: a.id, cookie: await newSessionCookie(app, a.id) };
      bob = { id: b.id, cookie: await newSessionCookie(app, b.id) };
    });
    after(async () => {
      await app?.stop();
    });

    function upload(
      cookie: string,
      bytes: Buffer | string,
      name: string,
      options: { type?: string; label?: string } = {},
    ): Promise<Response> {
      const form = new FormData();
      if (options.label !== undefined) form.append('label', options.label);
      form.append(
        'file',
        new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], {
          type: options.type ?? 'application/octet-stream',
        }),
        name,
      );
      return fetch(`${app.url}${IMPORT}`, {
        method: 'POST',
        headers: { cookie, origin: app.url },
        body: form,
      });
    }

    const get = (cookie: string, path: string) =>
      fetch(`${app.url}${path}`, { headers: { cookie } });

    async function imported(response: Response): Promise<CreatedProjectResponse> {
      const text = await response.text();
      assert.equal(response.status, 201, text);
      return JSON.parse(text) as CreatedProjectResponse;
    }

    async function assertRefused(response: Response, status: number, message: string) {
      const text = await response.text();
      assert.equal(response.status, status, text);
      const body = JSON.parse(text) as { error?: string; errors?: Record<string, string> };
      assert.equal(body.error ?? Object.values(body.errors ?? {})[0], message);
    }

    async function projectData(cookie: string, id: string): Promise<ProjectWithData> {
      const response = await get(cookie, fillPath(endpoints.projects.get.path, { params: { id } }));
      assert.equal(response.status, 200);
      return (await response.json()) as ProjectWithData;
    }

    async function previewWritten(id: string): Promise<number> {
      for (let i = 0; i < 200; i++) {
        const row = await projectRow(app.runtime.dataSource, id);
        if (row && !row.pending_preview && row.preview_key) return row.preview_version;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.fail('the preview was not written');
    }

    it('imports an SVG, sanitised, sized and titled after the file', async () => {
      const { project } = await imported(
        await upload(
          alice.cookie,
          `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>`,
          'Hello world.svg',
          { type: 'image/svg+xml' },
        ),
      );
      assert.equal(project.title, 'Hello world');
      assert.deepEqual(project.dimension, { width: 320, height: 200 });
      assert.equal(project.owner.id, alice.id);
      const { data } = await projectData(alice.cookie, project.id);
      assert.doesNotMatch(data.document, /script|onload|alert/);
      assert.match(data.document, /<rect width="9" height="9"\/>/);
    });

    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      it(`imports a ${format.toUpperCase()} as an SVG document embedding it at its pixel size`, async () => {
        const bytes = await picture(format);
        // The claimed type and the name say nothing: the bytes decide.
        const { project } = await imported(await upload(alice.cookie, bytes, `pic-${format}.bin`));
        assert.equal(project.title, `pic-${format}`);
        assert.deepEqual(project.dimension, { width: 40, height: 30 });
        assert.equal(project.type, 'static');
        const { data } = await projectData(alice.cookie, project.id);
        assert.ok(
          data.document.includes(`href="data:image/${format};base64,${bytes.toString('base64')}"`),
        );
      });
    }

    it('keeps the characters of the file name: quotes a browser percent-encodes, RFC 5987 names', async () => {
      const customer = await newCustomer(app.runtime.dataSource);
      const cookie = await newSessionCookie(app, customer.id);
      const wanted = 'Résumé & bold "quotes"';
      /** A multipart body with `disposition` as the file part's parameters, as given. */
      const raw = (disposition: string) => {
        const boundary = '----animata-test-boundary';
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
              `Content-Type: image/svg+xml\r\n\r\n`,
          ),
          Buffer.from(ANIMATED_SVG),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return fetch(`${app.url}${IMPORT}`, {
          method: 'POST',
          headers: {
            cookie,
            origin: app.url,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body,
        });
      };
      const rfc5987 = `filename*=UTF-8''${encodeURIComponent(`${wanted}.svg`)}`;
      const titles = [
        // What Chromium and Firefox send (the page's upload, JavaScript or not).
        (await imported(await raw('filename="Résumé & bold %22quotes%22.svg"'))).project.title,
        // What the pages send on (Node's FormData, the same encoding).
        (await imported(await upload(cookie, ANIMATED_SVG, `${wanted}.svg`))).project.title,
        // RFC 5987's form (RFC 7578 §4.2 asks senders not to use it; some clients do).
        (await imported(await raw(rfc5987))).project.title,
      ];
      assert.deepEqual(titles, [wanted, wanted, wanted]);
    });

    it('puts the import in the folder given', async () => {
      const folder = await fetch(`${app.url}${endpoints.labels.create.path}`, {
        method: 'POST',
        headers: { cookie: alice.cookie, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Imports' }),
      });
      const text = await folder.text();
      assert.ok(folder.status < 300, text);
      const labelId = (JSON.parse(text) as LabelResponse).label.id;
      const { project } = await imported(
        await upload(alice.cookie, await picture('png'), 'in-folder.png', { label: labelId }),
      );
      assert.equal(project.label, labelId);
    });

    it('refuses other bytes with "Invalid File Type", whatever the name and claimed type', async () => {
      await assertRefused(
        await upload(alice.cookie, '%PDF-1.7\n…', 'picture.png', { type: 'image/png' }),
        422,
        'Invalid File Type',
      );
      await assertRefused(
        await upload(alice.cookie, '{"not":"ours"}', 'x.json', { type: 'application/json' }),
        422,
        projectMessages.invalidFileType,
      );
      const notMultipart = await fetch(`${app.url}${IMPORT}`, {
        method: 'POST',
        headers: { cookie: alice.cookie, origin: app.url, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.ok(notMultipart.status >= 400 && notMultipart.status < 500);
    });

    it('refuses files past the limits with the memory-limit text', async () => {
      await assertRefused(
        await upload(
          alice.cookie,
          Buffer.alloc(PROJECT_IMPORT_LIMITS.maxFileBytes + 1, 0x20),
          'big.svg',
        ),
        422,
        'The file is too complex. Memory limit reached.',
      );
      const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(500)}${'</g>'.repeat(500)}</svg>`;
      await assertRefused(
        await upload(alice.cookie, deep, 'deep.svg'),
        422,
        projectMessages.tooComplex,
      );
      const wide = await sharp({
        create: { width: 8000, height: 4000, channels: 3, background: '#000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      await assertRefused(
        await upload(alice.cookie, wide, 'wide.png'),
        422,
        projectMessages.tooComplex,
      );
    });

    it('refuses a project file with broken data with "Failed to create project."', async () => {
      const file = {
        format: PROJECT_FILE_FORMAT,
        version: PROJECT_FILE_VERSION,
        title: 'Broken',
        data: { options: { fps: 0 }, document: '<svg/>', definitions: {} },
      };
      await assertRefused(
        await upload(alice.cookie, JSON.stringify(file), 'broken.animata.json'),
        422,
        'Failed to create project.',
      );
    });

    it("refuses an import past the free plan's file slots, with the count", async () => {
      const full = await newCustomer(app.runtime.dataSource);
      const cookie = await newSessionCookie(app, full.id);
      for (let i = 0; i < FREE_LIMITS.fileSlots; i++)
        await insertProject(app.runtime.dataSource, full.id);
      const response = await upload(cookie, await picture('png'), 'one-more.png');
      const text = await response.text();
      assert.equal(response.status, 422, text);
      const body = JSON.parse(text) as {
        errors: Record<string, string>;
        limits: { created: number };
      };
      assert.equal(body.errors['.'], projectMessages.fileSlotsFull);
      assert.deepEqual(body.limits, { created: FREE_LIMITS.fileSlots });
    });

    it('exports the project file as an attachment, and importing it gives the same project', async () => {
      const source = await insertProject(app.runtime.dataSource, alice.id, {
        title: 'Intro "final"',
        data: {
          options: {
            dimension: { width: 100, height: 50 },
            duration: 1000,
            fps: 30,
            background: '#fff',
          },
          document: ANIMATED_SVG,
          definitions: { timeline: [{ at: 0 }] },
        },
      });
      const response = await get(alice.cookie, exportPath(source.id));
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(
        response.headers.get('content-disposition'),
        `attachment; filename="Intro _final_.animata.json"; filename*=UTF-8''Intro%20_final_.animata.json`,
      );
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      const file = JSON.parse(bytes.toString('utf8')) as ProjectFile;
      assert.equal(file.format, 'animata-project');
      assert.equal(file.version, 1);
      assert.equal(file.title, 'Intro "final"');

      const { project } = await imported(
        await upload(bob.cookie, bytes, 'Intro _final_.animata.json'),
      );
      assert.equal(project.title, 'Intro "final"');
      assert.equal(project.owner.id, bob.id);
      assert.equal(project.duration, 1000);
      const copy = await projectData(bob.cookie, project.id);
      const original = await projectData(alice.cookie, source.id);
      assert.deepEqual(copy.data, original.data);

      assert.equal((await get(bob.cookie, exportPath(source.id))).status, 404);
    });

    it('serves the preview to its owner as user content, cacheable by version', async () => {
      const { project } = await imported(await upload(alice.cookie, ANIMATED_SVG, 'animated.svg'));
      const version = await previewWritten(project.id);
      const response = await get(alice.cookie, previewPath(project.id, version));
      assert.equal(response.status, 200);
      for (const [name, value] of Object.entries(PREVIEW_HEADERS))
        assert.equal(response.headers.get(name), value, name);
      assert.equal(response.headers.get('cache-control'), 'private, max-age=31536000, immutable');
      const svg = await response.text();
      assert.match(svg, /^<svg/);
      assert.doesNotMatch(svg, /animate|keyframes/);

      // An address naming another version gets the current file, but not for keeps.
      const other = await get(alice.cookie, previewPath(project.id, version + 1));
      assert.equal(other.status, 200);
      assert.equal(other.headers.get('cache-control'), 'private, no-cache');
    });

    it("answers 404 for someone else's preview, a missing one, and without a session 401", async () => {
      const mine = await insertProject(app.runtime.dataSource, alice.id);
      const { project } = await imported(await upload(alice.cookie, await picture('png'), 'p.png'));
      const version = await previewWritten(project.id);
      assert.equal((await get(bob.cookie, previewPath(project.id, version))).status, 404);
      assert.equal((await get(alice.cookie, previewPath(mine.id, 1))).status, 404);
      assert.equal((await get(alice.cookie, previewPath('0'.repeat(32), 1))).status, 404);
      assert.equal((await get(alice.cookie, previewPath('not-an-id', 1))).status, 404);
      assert.equal((await fetch(`${app.url}${previewPath(project.id, version)}`)).status, 401);
    });

    it('serves the preview of a demo original to any signed-in customer, not of a changed copy', async () => {
      const demoOwner = await newCustomer(app.runtime.dataSource);
      const demo = await insertProject(app.runtime.dataSource, demoOwner.id, { isDemo: true });
      const copy = await insertProject(app.runtime.dataSource, alice.id, {
        isDemo: true,
        fromId: demo.id,
      });
      const { ThumbnailJobs } =
        await import('../../src/modules/projects/thumbnails/thumbnail.jobs.js');
      await app.app.get(ThumbnailJobs).write(demo.id, 1);
      await app.app.get(ThumbnailJobs).write(copy.id, 1);
      assert.equal((await get(bob.cookie, previewPath(demo.id, 1))).status, 200);
      assert.equal((await get(bob.cookie, previewPath(copy.id, 1))).status, 404);
      assert.equal((await get(alice.cookie, previewPath(copy.id, 1))).status, 200);
    });
  },
);
