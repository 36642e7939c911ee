import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { avatarMessages } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { snackbar, type ViewportName, useBrowserTest } from '../support/browser.js';

/** A 600x400 picture: left half red, right half blue. */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  const red = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#e11' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#11e' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

async function animatedWebp(): Promise<Buffer> {
  const pixels = Buffer.alloc(8 * 16 * 3, 0).fill(255, 0, 8 * 8 * 3);
  return sharp(pixels, { raw: { width: 8, height: 16, channels: 3, pageHeight: 8 } })
    .webp({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#ffd166"/></linearGradient></defs>
  <rect width="200" height="100" fill="url(#g)" onclick="steal()"/>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <a href="javascript:alert(2)"><circle cx="100" cy="50" r="30" fill="#fff"/></a>
  <style>@import url(https://evil.example/x.css);</style>
</svg>`;

const TYPES = [
  { name: 'photo.png', mimeType: 'image/png', bytes: () => picture('png'), file: 512, menu: 64 },
  { name: 'photo.jpg', mimeType: 'image/jpeg', bytes: () => picture('jpeg'), file: 512, menu: 64 },
  { name: 'photo.webp', mimeType: 'image/webp', bytes: () => picture('webp'), file: 512, menu: 64 },
  {
    name: 'drawing.svg',
    mimeType: 'image/svg+xml',
    bytes: async () => Buffer.from(HOSTILE_SVG),
    file: 150,
    menu: 150,
  },
] as const;

/**
 * The avatar row (issue 16; account-and-auth §2.1, §4.1, §5, §8, §9): each accepted type through
 * 'Set image' with a round crop and wheel zoom, the files served clean, removal after the
 * question, the client's own refusals, and the whole round trip without JavaScript.
 */
describe('avatar in Chromium', () => {
  const t = useBrowserTest();

  async function signedIn() {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  const storedAvatar = (customerId: string) =>
    t.app.runtime.dataSource
      .query('SELECT id, version, mime_type FROM avatars WHERE customer_id = $1', [customerId])
      .then((rows: Array<{ id: string; version: number; mime_type: string }>) => rows[0] ?? null);

  const row = (page: Page) => page.locator('[data-row="avatar"]');

  async function openDialog(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = page.waitForEvent('filechooser');
    await row(page)
      .getByRole('link', { name: /^(Upload|Change)$/ })
      .click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog', { name: avatarMessages.dialogTitle });
    await dialog.waitFor();
    return dialog;
  }

  it('uploads each type through Set image: round crop, wheel zoom, Save, new version in the row and the menu', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/account', { cookies });
    let version = 0;
    for (const type of TYPES) {
      const dialog = await openDialog(page, {
        name: type.name,
        mimeType: type.mimeType,
        buffer: await type.bytes(),
      });
      assert.equal(await dialog.locator('.reactEasyCrop_CropAreaRound').count(), 1, 'round crop');
      const area = dialog.locator('.avatar-dialog__area');
      await area.locator('img').waitFor();
      assert.equal(await area.getAttribute('data-zoom'), '1.000');
      await area.hover();
      await page.mouse.wheel(0, -120);
      await page.waitForFunction(
        () => document.querySelector('.avatar-dialog__area')?.getAttribute('data-zoom') === '1.100',
      );
      await page.mouse.wheel(0, -120);
      await page.waitForFunction(
        () => document.querySelector('.avatar-dialog__area')?.getAttribute('data-zoom') === '1.210',
      );
      await dialog.getByRole('button', { name: avatarMessages.save }).click();
      await snackbar(page, avatarMessages.uploaded);
      await dialog.waitFor({ state: 'detached' });

      version += 1;
      const stored = await storedAvatar(customer.id);
      assert.ok(stored);
      assert.equal(stored.mime_type, type.mimeType);
      assert.equal(stored.version, version);
      const rowImage = row(page).locator('img.avatar-image');
      await page.waitForFunction(
        (v) =>
          document
            .querySelector('[data-row="avatar"] img.avatar-image')
            ?.getAttribute('data-avatar-version') === String(v),
        version,
      );
      assert.equal(
        await rowImage.getAttribute('src'),
        `/api/animata/avatars/${stored.id}/${type.file}?v=${version}`,
      );
      const menuImage = page.locator('.user-menu__avatar img');
      assert.equal(
        await menuImage.getAttribute('src'),
        `/api/animata/avatars/${stored.id}/${type.menu}?v=${version}`,
      );
      // The row image loads (it may still be on its way when the version is in the DOM).
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-row="avatar"] img.avatar-image',
        );
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      if (type.mimeType === 'image/svg+xml') {
        const served = await page.request.get(`/api/animata/avatars/${stored.id}/150`);
        assert.equal(served.headers()['content-type'], 'image/svg+xml');
        assert.equal(
          served.headers()['content-security-policy'],
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
        const text = await served.text();
        assert.doesNotMatch(text, /script|alert|onload|onclick|evil\.example|javascript|@import/i);
        assert.match(text, /fill="url\(#g\)"/);
        assert.match(text, /width="150"/);
      } else {
        const served = await page.request.get(`/api/animata/avatars/${stored.id}/512`);
        const meta = await sharp(await served.body()).metadata();
        assert.equal(`image/${meta.format}`, type.mimeType);
        assert.equal(meta.width, 512);
        assert.equal(meta.height, 512);
      }
    }
  });

  it('asks before removing the avatar, then shows Avatar removed and Upload again', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/account', { cookies });
    const dialog = await openDialog(page, {
      name: 'a.png',
      mimeType: 'image/png',
      buffer: await picture('png'),
    });
    await dialog.getByRole('button', { name: avatarMessages.save }).click();
    await snackbar(page, avatarMessages.uploaded);

    await row(page).getByRole('link', { name: avatarMessages.remove }).click();
    const confirm = page.getByRole('dialog', { name: avatarMessages.removeTitle });
    await confirm.getByText(avatarMessages.removeConfirm).waitFor();
    await confirm.getByRole('link', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.ok(await storedAvatar(customer.id), 'Cancel keeps the avatar');

    await row(page).getByRole('link', { name: avatarMessages.remove }).click();
    await confirm.getByRole('button', { name: avatarMessages.remove }).click();
    await snackbar(page, avatarMessages.removed);
    await row(page).getByRole('link', { name: avatarMessages.upload }).waitFor();
    assert.equal(await storedAvatar(customer.id), null);
    assert.equal(await page.locator('.user-menu__avatar img').count(), 0);
  });

  it('refuses other types and animated WebP on the client, before any upload', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/account', { cookies });
    const picker = page.getByTestId('avatar-picker');
    await picker.setInputFiles({
      name: 'a.gif',
      mimeType: 'image/gif',
      buffer: await picture('gif'),
    });
    await row(page)
      .getByRole('alert')
      .filter({ hasText: avatarMessages.fileNotSupported })
      .waitFor();
    await picker.setInputFiles({
      name: 'moving.webp',
      mimeType: 'image/webp',
      buffer: await animatedWebp(),
    });
    await row(page).getByRole('alert').filter({ hasText: avatarMessages.animatedWebp }).waitFor();
    await picker.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await row(page)
      .getByRole('alert')
      .filter({ hasText: avatarMessages.fileNotSupported })
      .waitFor();
    assert.equal(await page.getByRole('dialog', { name: avatarMessages.dialogTitle }).count(), 0);
    assert.equal(await storedAvatar(customer.id), null);
  });

  it('uploads and removes without JavaScript', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/account', { cookies, javaScript: false });
    await row(page).getByRole('link', { name: avatarMessages.upload }).click();
    await page.waitForURL(/\?edit=avatar$/);
    await row(page)
      .getByLabel(avatarMessages.fileLabel)
      .setInputFiles({ name: 'a.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg') });
    await row(page).getByRole('button', { name: 'Update' }).click();
    await snackbar(page, avatarMessages.uploaded);
    const stored = await storedAvatar(customer.id);
    assert.ok(stored);
    assert.equal(stored.mime_type, 'image/jpeg');
    assert.equal(
      await row(page).locator('img.avatar-image').getAttribute('src'),
      `/api/animata/avatars/${stored.id}/512?v=1`,
    );
    // The centre square of a red-left, blue-right picture: both halves.
    const served = await page.request.get(`/api/animata/avatars/${stored.id}/64`);
    const { data, info } = await sharp(await served.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number) => (32 * info.width + x) * info.channels;
    assert.ok(data[at(8)]! > 150 && data[at(56) + 2]! > 150, 'red left and blue right remain');
    await t.screenshot(page, 'account-avatar-row-desktop');

    await row(page).getByRole('link', { name: avatarMessages.remove }).click();
    await page.waitForURL(/\?confirm=remove-avatar$/);
    const confirm = page.getByRole('dialog', { name: avatarMessages.removeTitle });
    await confirm.getByText(avatarMessages.removeConfirm).waitFor();
    await confirm.getByRole('button', { name: avatarMessages.remove }).click();
    await snackbar(page, avatarMessages.removed);
    assert.equal(await storedAvatar(customer.id), null);
    await row(page).getByRole('link', { name: avatarMessages.upload }).waitFor();
  });

  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    it(`shows Set image usably on a ${viewport}`, async () => {
      const { cookies } = await signedIn();
      const page = await t.open('/account', { cookies, viewport });
      const dialog = await openDialog(page, {
        name: 'a.png',
        mimeType: 'image/png',
        buffer: await picture('png'),
      });
      await dialog.locator('.avatar-dialog__area img').waitFor();
      const box = await dialog.boundingBox();
      assert.ok(box);
      const width = viewport === 'phone' ? 375 : 1280;
      assert.ok(box.x >= 0 && box.x + box.width <= width, 'the dialog fits the screen');
      await dialog.getByRole('button', { name: avatarMessages.save }).waitFor();
      await t.screenshot(page, `account-avatar-dialog-${viewport}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
