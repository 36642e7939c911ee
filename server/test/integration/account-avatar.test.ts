import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_BASE,
  AVATAR_RASTER_MAX_BYTES,
  avatarMessages,
  catalogueMessages,
  endpoints,
  type Avatar,
} from '@animata/contracts';
import sharp from 'sharp';
import { FILE_STORAGE } from '../../src/common/tokens.js';
import { avatarFileKey } from '../../src/modules/account/avatar/avatar.service.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';

const CHANGE = endpoints.account.changeAvatar.path;
const REMOVE = (id: string) => `${API_BASE}/account/change-avatar/${id}`;

const FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'public, max-age=31536000, immutable',
};

/** A 300x200 test image: left half red, right half blue. */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  const red = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#7c5cff"/></linearGradient></defs>
  <rect width="200" height="100" fill="url(#g)" onclick="steal()"/>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <a href="javascript:alert(2)"><circle cx="50" cy="50" r="20"/></a>
  <style>@import url(https://evil.example/x.css);</style>
</svg>`;

const CROP = JSON.stringify({
  image: { width: 300, height: 200 },
  coordinates: { left: 150, top: 0, width: 150, height: 150 },
});

describe('avatar upload, files and removal (real PostgreSQL and file storage)', () => {
  let app: TestApp;
  let storage: FileStorage;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };

  before(async () => {
    app = await startTestApp({ web: false });
    storage = app.app.get<FileStorage>(FILE_STORAGE);
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
    file: { bytes: Buffer | string; type: string; name?: string } | null,
    payload?: string,
  ): Promise<Response> {
    const form = new FormData();
    if (file)
      form.append(
        'image',
        new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
          type: file.type,
        }),
        file.name ?? 'a',
      );
    if (payload !== undefined) form.append('payload', payload);
    return fetch(`${app.url}${CHANGE}`, {
      method: 'POST',
      headers: { cookie, origin: app.url },
      body: form,
    });
  }

  const get = (path: string) => fetch(`${app.url}${path}`);

  async function avatarRow(customerId: string) {
    const rows: Array<{
      id: string;
      version: number;
      sizes: number[];
      mime_type: string;
      file_token: string;
    }> = await app.runtime.dataSource.query(
      `SELECT id, version, sizes, mime_type, file_token FROM avatars WHERE customer_id = $1`,
      [customerId],
    );
    return rows[0] ?? null;
  }

  async function assertRefused(response: Response, status: number, message: string) {
    const text = await response.text();
    assert.equal(response.status, status, text);
    const body = JSON.parse(text) as { error?: string; errors?: Record<string, string> };
    assert.match(String((body as { requestId?: string }).requestId), /.+/);
    const shown = body.error ?? Object.values(body.errors ?? {})[0];
    assert.equal(shown, message);
  }

  it('stores each raster type as 64 and 512 files of that type, cropped, and raises the version', async () => {
    let previous: Avatar | null = null;
    let previousToken = '';
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const response = await upload(alice.cookie, { bytes: await picture(format), type }, CROP);
      assert.equal(response.status, 200, await response.clone().text());
      const avatar = (await response.json()) as Avatar;
      assert.equal(avatar.mimeType, type);
      assert.deepEqual(avatar.availableSizes, [64, 512]);
      assert.equal(avatar.avatarPath, `${API_BASE}/avatars/${avatar.id}`);
      if (previous) {
        assert.equal(avatar.id, previous.id, 'one avatar per customer, replaced');
        assert.equal(avatar.version, previous.version + 1);
        for (const size of previous.availableSizes) {
          assert.equal(
            await storage.exists(
              avatarFileKey({ id: previous.id, fileToken: previousToken }, size),
            ),
            false,
            'the replaced files are gone',
          );
        }
      } else assert.equal(avatar.version, 1);
      for (const size of [64, 512]) {
        const file = await get(`${avatar.avatarPath}/${size}?v=${avatar.version}`);
        assert.equal(file.status, 200);
        assert.equal(file.headers.get('content-type'), type);
        const bytes = Buffer.from(await file.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        assert.equal(meta.format, format);
        assert.equal(meta.width, size);
        assert.equal(meta.height, size);
        const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        const centre = ((size / 2) * size + size / 2) * info.channels;
        assert.ok(data[centre + 2]! > 180 && data[centre]! < 80, 'the crop kept the blue half');
      }
      previous = avatar;
      previousToken = (await avatarRow(alice.id))!.file_token;
    }
  });

  it('stores an SVG sanitised, at 150x150 with the crop as its viewBox', async () => {
    const svgCrop = JSON.stringify({
      image: { width: 150, height: 150 },
      coordinates: { left: 0, top: 0, width: 75, height: 150 },
    });
    const response = await upload(
      bob.cookie,
      { bytes: HOSTILE_SVG, type: 'image/svg+xml', name: 'a.svg' },
      svgCrop,
    );
    assert.equal(response.status, 200, await response.clone().text());
    const avatar = (await response.json()) as Avatar;
    assert.equal(avatar.mimeType, 'image/svg+xml');
    assert.deepEqual(avatar.availableSizes, [150]);
    const file = await get(`${avatar.avatarPath}/150?v=${avatar.version}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/svg+xml');
    const text = await file.text();
    assert.doesNotMatch(text, /script|alert|onload|onclick|evil\.example|javascript|@import/i);
    assert.match(text, /viewBox="0 0 100 100"/);
    assert.match(text, /width="150" height="150"|height="150" width="150"/);
    assert.match(text, /fill="url\(#g\)"/);
    assert.equal((await get(`${avatar.avatarPath}/64`)).status, 404, 'an SVG has no 64 file');
  });

  it('serves files with the sandboxing headers, and 404 for unknown ids and sizes', async () => {
    const row = await avatarRow(alice.id);
    assert.ok(row);
    const file = await get(`${API_BASE}/avatars/${row.id}/64?v=${row.version}`);
    assert.equal(file.status, 200);
    for (const [name, value] of Object.entries(FILE_HEADERS)) {
      assert.equal(file.headers.get(name), value, name);
    }
    for (const path of [
      `${API_BASE}/avatars/${row.id}/65`,
      `${API_BASE}/avatars/${row.id}/abc`,
      `${API_BASE}/avatars/00000000-0000-4000-8000-000000000000/64`,
      `${API_BASE}/avatars/not-a-uuid/64`,
      `${API_BASE}/avatars/..%2F..%2Fetc/64`,
    ]) {
      const missing = await get(path);
      assert.equal(missing.status, 404, path);
      assert.equal(((await missing.json()) as { error: string }).error, catalogueMessages.notFound);
    }
  });

  it('refuses bytes that are not the claimed type, GIF and animated WebP, changing nothing', async () => {
    const before = await avatarRow(alice.id);
    await assertRefused(
      await upload(alice.cookie, { bytes: await picture('png'), type: 'image/jpeg' }, CROP),
      422,
      avatarMessages.fileNotSupported,
    );
    await assertRefused(
      await upload(alice.cookie, { bytes: await picture('gif'), type: 'image/gif' }, CROP),
      422,
      avatarMessages.fileNotSupported,
    );
    await assertRefused(
      await upload(alice.cookie, { bytes: await picture('gif'), type: 'image/png' }),
      422,
      avatarMessages.fileNotSupported,
    );
    await assertRefused(
      await upload(alice.cookie, { bytes: HOSTILE_SVG, type: 'image/png' }),
      422,
      avatarMessages.fileNotSupported,
    );
    await assertRefused(
      await upload(alice.cookie, { bytes: await picture('png'), type: 'image/svg+xml' }),
      422,
      avatarMessages.fileNotSupported,
    );
    const pixels = Buffer.alloc(8 * 16 * 3, 0).fill(255, 0, 8 * 8 * 3);
    const animated = await sharp(pixels, {
      raw: { width: 8, height: 16, channels: 3, pageHeight: 8 },
    })
      .webp({ delay: [100, 100], loop: 0 })
      .toBuffer();
    await assertRefused(
      await upload(alice.cookie, { bytes: animated, type: 'image/webp' }),
      422,
      avatarMessages.animatedWebp,
    );
    await assertRefused(
      await upload(alice.cookie, { bytes: await picture('png'), type: 'image/png' }, '{"image":1'),
      422,
      avatarMessages.fileNotSupported,
    );
    await assertRefused(
      await upload(alice.cookie, null, CROP),
      422,
      avatarMessages.fileNotSupported,
    );
    assert.deepEqual(await avatarRow(alice.id), before, 'the avatar is unchanged');
  });

  it('bounds uploads: over 5 MB gets 413, over 25 megapixels is refused', async () => {
    const huge = Buffer.alloc(AVATAR_RASTER_MAX_BYTES + 1024, 1);
    await assertRefused(
      await upload(alice.cookie, { bytes: huge, type: 'image/png' }),
      413,
      avatarMessages.tooLarge,
    );
    const big = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.ok(big.length < AVATAR_RASTER_MAX_BYTES);
    await assertRefused(
      await upload(alice.cookie, { bytes: big, type: 'image/png' }),
      422,
      avatarMessages.tooManyPixels,
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(600 * 1024)}--></svg>`;
    await assertRefused(
      await upload(alice.cookie, { bytes: svg, type: 'image/svg+xml' }),
      413,
      avatarMessages.svgTooLarge,
    );
  });

  it('answers a JSON body, extra parts or a broken body with a 4xx in the catalogue shape', async () => {
    const asJson = await fetch(`${app.url}${CHANGE}`, {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ image: 'x', payload: CROP }),
    });
    await assertRefused(asJson, 415, avatarMessages.fileNotSupported);

    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }),
      'a.png',
    );
    form.append('other', new Blob(['x'], { type: 'image/png' }), 'b.png');
    const twoFiles = await fetch(`${app.url}${CHANGE}`, {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: app.url },
      body: form,
    });
    assert.ok(twoFiles.status >= 400 && twoFiles.status < 500, String(twoFiles.status));
    assert.ok(((await twoFiles.json()) as { requestId?: string }).requestId);

    const broken = await fetch(`${app.url}${CHANGE}`, {
      method: 'POST',
      headers: {
        cookie: alice.cookie,
        origin: app.url,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: '--x\r\nContent-Disposition: form-data; name="image"; filename="a"\r\n\r\nabc',
    });
    assert.ok(broken.status >= 400 && broken.status < 500, String(broken.status));
    assert.ok(((await broken.json()) as { requestId?: string }).requestId);

    const otherCall = await fetch(`${app.url}${endpoints.account.changePassword.path}`, {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: app.url },
      body: form,
    });
    assert.equal(otherCall.status, 415, 'other calls still refuse multipart');

    const signedOut = await upload('', { bytes: await picture('png'), type: 'image/png' });
    assert.equal(signedOut.status, 401);
  });

  it('keeps the row and its files together when two uploads race', async () => {
    const bytes = await picture('png');
    const answers = await Promise.all(
      [1, 2, 3].map(() => upload(bob.cookie, { bytes, type: 'image/png' }, CROP)),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.ok(statuses.includes(200), statuses.join());
    assert.ok(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    );
    const row = await avatarRow(bob.id);
    assert.ok(row);
    for (const size of row.sizes) {
      const file = await get(`${API_BASE}/avatars/${row.id}/${size}`);
      assert.equal(file.status, 200, `the stored row's ${size} file is there`);
    }
  });

  it('answers 404 when B removes A’s avatar, and A’s files stay', async () => {
    const row = await avatarRow(alice.id);
    assert.ok(row);
    const response = await fetch(`${app.url}${REMOVE(row.id)}`, {
      method: 'DELETE',
      headers: { cookie: bob.cookie, origin: app.url },
    });
    await assertRefused(response, 404, catalogueMessages.notFound);
    assert.deepEqual(await avatarRow(alice.id), row);
    for (const size of row.sizes) {
      assert.equal(
        await storage.exists(avatarFileKey({ id: row.id, fileToken: row.file_token }, size)),
        true,
      );
    }
    const junk = await fetch(`${app.url}${REMOVE('not-a-uuid')}`, {
      method: 'DELETE',
      headers: { cookie: alice.cookie, origin: app.url },
    });
    assert.equal(junk.status, 404);
  });

  it('removal clears the row and the files, then the avatar is new again', async () => {
    const row = await avatarRow(alice.id);
    assert.ok(row);
    const response = await fetch(`${app.url}${REMOVE(row.id)}`, {
      method: 'DELETE',
      headers: { cookie: alice.cookie, origin: app.url },
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.deepEqual(await response.json(), { message: avatarMessages.removed });
    assert.equal(await avatarRow(alice.id), null);
    for (const size of row.sizes) {
      assert.equal(
        await storage.exists(avatarFileKey({ id: row.id, fileToken: row.file_token }, size)),
        false,
      );
    }
    assert.equal((await get(`${API_BASE}/avatars/${row.id}/64`)).status, 404);
    const again = await fetch(`${app.url}${REMOVE(row.id)}`, {
      method: 'DELETE',
      headers: { cookie: alice.cookie, origin: app.url },
    });
    assert.equal(again.status, 404);

    const fresh = await upload(alice.cookie, { bytes: await picture('png'), type: 'image/png' });
    assert.equal(fresh.status, 200);
    const avatar = (await fresh.json()) as Avatar;
    assert.notEqual(avatar.id, row.id);
    assert.equal(avatar.version, 1);
  });
});
