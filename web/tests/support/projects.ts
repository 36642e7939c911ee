import assert from 'node:assert/strict';
import {
  endpoints,
  fillPath,
  type CreatedProjectResponse,
  type ProjectListResponse,
  type ProjectWithData,
} from '@animata/contracts';
import {
  newCustomer,
  newSession,
  sessionCookieName,
  waitUntil,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { saveScreenshot, type BrowserTest } from './browser.js';

/*
 * Shared by the project page, import and onboarding browser tests (issue 17): a signed-in
 * customer, test files made in the test, and calls to the BFF from the page's own cookies.
 */

export type CustomerOverrides = Parameters<typeof newCustomer>[1];

export interface SignedIn {
  customer: { id: string };
  cookies: Record<string, string>;
}

export async function signedIn(
  t: BrowserTest,
  overrides: CustomerOverrides = {},
): Promise<SignedIn> {
  const customer = await newCustomer(t.app.runtime.dataSource, overrides);
  const token = await newSession(t.app, customer.id);
  return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
}

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 240x160 picture, left half purple, right half yellow, in `format`. */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  const left = await sharp({
    create: { width: 120, height: 160, channels: 3, background: '#6d4aff' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 240, height: 160, channels: 3, background: '#ffd166' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

export const MIME = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json',
} as const;

/** A small animated SVG (SMIL and CSS animation, both allowed). */
export const ANIMATED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">
  <style>.spin { transform-origin: 160px 90px; animation: spin 2s linear infinite; } @keyframes spin { to { transform: rotate(360deg); } }</style>
  <rect width="320" height="180" fill="#f1edff"/>
  <rect class="spin" x="130" y="60" width="60" height="60" rx="8" fill="#6d4aff"/>
  <circle cx="40" cy="90" r="16" fill="#ffd166"><animate attributeName="cx" from="40" to="280" dur="2s" repeatCount="indefinite"/></circle>
</svg>`;

/**
 * Everything an SVG may try (script, an event handler, a javascript: link, foreignObject, an
 * external image and stylesheet): it must come back inert. The host is one the test watches.
 */
export const EVIL_HOST = 'evil.example';
export const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" width="200" height="100" onload="alert('onload')">
  <script>alert('script')</script>
  <rect width="200" height="100" fill="#6d4aff" onclick="alert('click')"/>
  <image href="https://${EVIL_HOST}/track.png" width="10" height="10"/>
  <image xlink:href="https://${EVIL_HOST}/track2.png" width="10" height="10"/>
  <a href="javascript:alert('link')"><circle cx="100" cy="50" r="30" fill="#ffd166"/></a>
  <foreignObject width="100" height="50"><div xmlns="http://www.w3.org/1999/xhtml"><img src="https://${EVIL_HOST}/fo.png"/></div></foreignObject>
  <style>@import url(https://${EVIL_HOST}/x.css);</style>
</svg>`;

/** Every request to the hostile host and every dialog a page opens, recorded. */
export async function watchForMischief(page: Page) {
  const requests: string[] = [];
  const dialogs: string[] = [];
  await page.context().route(`**://${EVIL_HOST}/**`, async (route) => {
    requests.push(route.request().url());
    await route.abort();
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { requests, dialogs };
}

const origin = (t: BrowserTest) => new URL(t.app.url).origin;

/** The animated SVG as a project's data (320x180, 2 s). */
export function animatedData(document = ANIMATED_SVG, width = 320, height = 180) {
  return {
    options: { dimension: { width, height }, duration: 2000, fps: 60, background: 'transparent' },
    document,
    definitions: {},
  };
}

/** Creates a project through the BFF with the page's cookies. */
export async function createByApi(
  t: BrowserTest,
  page: Page,
  body: { title: string; data?: ReturnType<typeof animatedData>; label?: string | null },
): Promise<CreatedProjectResponse> {
  const response = await page.request.post(endpoints.projects.create.path, {
    headers: { origin: origin(t) },
    data: body,
  });
  assert.ok(response.ok(), `${response.status()} ${await response.text()}`);
  return (await response.json()) as CreatedProjectResponse;
}

/** Imports one file through the BFF with the page's cookies (for tests about other things). */
export async function importByApi(
  t: BrowserTest,
  page: Page,
  file: TestFile,
): Promise<CreatedProjectResponse> {
  const response = await page.request.post(endpoints.projects.import.path, {
    headers: { origin: origin(t) },
    multipart: { file },
  });
  assert.ok(response.ok(), `${response.status()} ${await response.text()}`);
  return (await response.json()) as CreatedProjectResponse;
}

export async function projectById(t: BrowserTest, page: Page, id: string) {
  const response = await page.request.get(
    fillPath(endpoints.projects.get.path, { params: { id } }),
  );
  assert.equal(response.status(), 200, await response.text());
  return (await response.json()) as ProjectWithData;
}

export async function listProjects(page: Page, query: Record<string, string> = {}) {
  const response = await page.request.get(endpoints.projects.list.path, { params: query });
  assert.equal(response.status(), 200, await response.text());
  return (await response.json()) as ProjectListResponse;
}

/** Waits until the project's preview is written (the thumbnail job cleared pendingPreview). */
export async function previewReady(t: BrowserTest, page: Page, id: string) {
  return waitUntil(async () => {
    const project = await projectById(t, page, id);
    return !project.pendingPreview && project.preview_uri ? project : undefined;
  }, `the preview of ${id}`);
}

/** A full-page screenshot as screenshots/project/<name>.png (saveScreenshot). */
export function shot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, `project/${name}`);
}
