import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { renderTexts, type RenderExtension } from '@animata/contracts';
import { newProject, waitUntil } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { snackbar, useBrowserTest, type BrowserTest } from '../support/browser.js';
import { animatedData, signedIn } from '../support/projects.js';

const run = promisify(execFile);
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';
/** 25 fps: a GIF's delays are whole centiseconds, so 4 cs a frame is exact. */
const FPS = 25;

interface Probe {
  width: number;
  height: number;
  frameRate: number;
  frames: number;
  duration: number;
}

async function probe(path: string): Promise<Probe> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,r_frame_rate,avg_frame_rate,nb_read_frames:format=duration',
    '-of',
    'json',
    path,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: {
      width: number;
      height: number;
      r_frame_rate: string;
      avg_frame_rate: string;
      nb_read_frames: string;
    }[];
    format: { duration: string };
  };
  const stream = parsed.streams[0]!;
  const rate = (value: string) => {
    const [top, bottom] = value.split('/').map(Number);
    return top! / (bottom || 1);
  };
  return {
    width: stream.width,
    height: stream.height,
    frameRate: rate(stream.avg_frame_rate !== '0/0' ? stream.avg_frame_rate : stream.r_frame_rate),
    frames: Number(stream.nb_read_frames),
    duration: Number(parsed.format.duration),
  };
}

/** Exports the project through the Export dialog of its page, as a person would. */
async function exportThroughDialog(page: Page, projectId: string, extension: RenderExtension) {
  await page.goto(`/${projectId}?export=${projectId}`);
  const dialog = page.getByRole('dialog', { name: /^Export / });
  await dialog.getByLabel(renderTexts.fields.extension).selectOption(extension);
  await dialog.getByLabel(renderTexts.fields.framerate).fill(String(FPS));
  await dialog.getByLabel(renderTexts.fields.title).fill(`Spin ${extension}`);
  await dialog.getByRole('button', { name: renderTexts.exportSubmit }).click();
  await page.waitForURL((url) => url.pathname === '/renders/');
  await snackbar(page, renderTexts.renderStarted);
}

/** The card's progress as the page shows it: the bar's value and the status label. */
async function progressOf(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  if ((await card.count()) === 0) return null;
  const status = await card.getAttribute('data-status');
  const bar = card.getByRole('progressbar');
  const value = (await bar.count()) > 0 ? Number(await bar.getAttribute('aria-valuenow')) : null;
  return { status, value };
}

async function downloadAndProbe(t: BrowserTest, page: Page, title: string): Promise<Probe> {
  const card = page.getByRole('article', { name: title });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: renderTexts.download }).click();
  const file = await download;
  const path = await file.path();
  assert.ok(path, `the download of ${title}`);
  void t;
  return probe(path);
}

function checkFile(probe: Probe, extension: string): void {
  assert.equal(probe.width, 320, `${extension} width`);
  assert.equal(probe.height, 180, `${extension} height`);
  assert.ok(Math.abs(probe.frameRate - FPS) < 0.01, `${extension} ${probe.frameRate} fps`);
  assert.equal(probe.frames, 2 * FPS, `${extension} frames`);
  assert.ok(Math.abs(probe.duration - 2) < 0.05, `${extension} lasts ${probe.duration} s`);
}

/**
 * Issue 32's Done-when: a 2-second animated SVG exported to mp4, webm and gif through the Export
 * dialog renders for real; the renders screen shows the progress rising to Done, live with
 * JavaScript and by reloading without; each download is checked with ffprobe (duration, frame
 * rate, resolution, frame count).
 */
describe('exporting an animation to video and GIF', () => {
  const t = useBrowserTest();

  for (const javaScript of [true, false]) {
    it(`renders mp4, webm and gif and shows them rising to done, ${javaScript ? 'live' : 'by reloading'}`, async () => {
      const { customer, cookies } = await signedIn(t);
      const project = await newProject(t.app.runtime.dataSource, customer.id, {
        title: 'Spin',
        data: animatedData(),
      });
      const page = await t.open(`/${project.id}`, { javaScript, cookies });
      const extensions = ['mp4', 'webm', 'gif'] as const;
      for (const extension of extensions) await exportThroughDialog(page, project.id, extension);

      for (const extension of extensions) {
        const title = `Spin ${extension}`;
        const seen: number[] = [];
        if (javaScript) {
          // Live: the bar moves without a reload; every value it shows is recorded.
          await page.waitForFunction(
            (name) => {
              const holder = window as unknown as { __seen?: Record<string, number[]> };
              holder.__seen ??= {};
              const values = (holder.__seen[name] ??= []);
              const card = Array.from(document.querySelectorAll('article')).find(
                (node) => node.querySelector('h3')?.textContent === name,
              );
              const bar = card?.querySelector('[role="progressbar"]');
              const value = Number(bar?.getAttribute('aria-valuenow') ?? NaN);
              if (Number.isFinite(value) && values.at(-1) !== value) values.push(value);
              return card?.getAttribute('data-status') === 'done';
            },
            title,
            { polling: 50, timeout: 120_000 },
          );
          seen.push(
            ...(await page.evaluate(
              (name) =>
                (window as unknown as { __seen: Record<string, number[]> }).__seen[name] ?? [],
              title,
            )),
          );
        } else {
          await waitUntil(
            async () => {
              await page.reload();
              const progress = await progressOf(page, title);
              if (progress?.value !== null && progress?.value !== undefined) {
                if (seen.at(-1) !== progress.value) seen.push(progress.value);
              }
              return progress?.status === 'done' ? true : undefined;
            },
            `${title} done`,
            { timeoutMs: 120_000, everyMs: 300 },
          );
        }
        assert.equal(seen.at(-1), 100, `${title} ends at 100 (${seen.join(', ')})`);
        for (let index = 1; index < seen.length; index += 1) {
          assert.ok(
            seen[index]! >= seen[index - 1]!,
            `${title} never goes back: ${seen.join(', ')}`,
          );
        }
        await page
          .getByRole('region', { name: 'Completed renders' })
          .getByRole('article', { name: title })
          .getByText(renderTexts.done)
          .waitFor();
      }
      for (const extension of extensions) {
        checkFile(await downloadAndProbe(t, page, `Spin ${extension}`), extension);
      }
    });
  }
});
