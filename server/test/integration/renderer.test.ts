import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import {
  planRender,
  RendererError,
  rendererMessages,
  RendererSession,
  type RendererJobInput,
  type RenderProgress,
  type RenderProject,
} from '../../src/modules/renders/renderer/index.js';

const run = promisify(execFile);
const NS = 'xmlns="http://www.w3.org/2000/svg"';

/**
 * Two seconds, 200 × 100: a red square moved by SMIL (x 0 → 160) and a blue one by a CSS
 * animation (translateX 0 → 100), both linear, on a transparent background.
 */
const MOVING: RenderProject = {
  options: {
    dimension: { width: 200, height: 100 },
    duration: 2000,
    fps: 30,
    background: 'transparent',
  },
  document:
    `<svg ${NS} viewBox="0 0 200 100" width="200" height="100">` +
    '<style>@keyframes slide { from { transform: translateX(0) } to { transform: translateX(100px) } }' +
    ' .css { animation: slide 2s linear infinite }</style>' +
    '<rect x="0" y="10" width="40" height="30" fill="#ff0000">' +
    '<animate attributeName="x" from="0" to="160" dur="2s" repeatCount="indefinite"/></rect>' +
    '<rect class="css" x="0" y="60" width="40" height="30" fill="#0000ff"/></svg>',
};

function job(overrides: Partial<RendererJobInput>): RendererJobInput {
  return {
    extension: 'mp4',
    codec: 'h264',
    framerate: 20,
    resolution: { width: 160, height: 80 },
    quality: 'high',
    colorPaletteSize: 64,
    matte: null,
    dither: 'bayer',
    offset: { start: 0, duration: 2000 },
    speed: 1,
    iterations: 1,
    ...overrides,
  };
}

interface Probe {
  streams: {
    codec_name: string;
    width: number;
    height: number;
    pix_fmt: string;
    r_frame_rate: string;
    avg_frame_rate: string;
    nb_read_frames?: string;
    tags?: Record<string, string>;
  }[];
  format: { duration?: string };
}

async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('/usr/bin/ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-show_entries',
    'stream=codec_name,width,height,pix_fmt,r_frame_rate,avg_frame_rate,nb_read_frames:stream_tags:format=duration',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

/** One frame of a file at `seconds`, decoded as RGBA (`decoder` for VP9's alpha plane). */
async function frameAt(file: string, seconds: number, decoder?: string): Promise<Buffer> {
  const { stdout } = await run(
    '/usr/bin/ffmpeg',
    [
      '-v',
      'error',
      ...(decoder ? ['-c:v', decoder] : []),
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-pix_fmt',
      'rgba',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

async function rgba(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference per channel (RGB, 0–255) of two same-sized pictures. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([
    sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(b).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  assert.deepEqual(
    [left.info.width, left.info.height],
    [right.info.width, right.info.height],
    'same size',
  );
  let sum = 0;
  for (let i = 0; i < left.data.length; i += 1) sum += Math.abs(left.data[i]! - right.data[i]!);
  return sum / left.data.length;
}

/** Processes whose command line names `needle` (an output path): ffmpeg left behind. */
function processesNaming(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle))
        found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('renderer: a project to real files', () => {
  const session = new RendererSession();
  let dir = '';

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'animata-renderer-'));
  });
  after(async () => {
    await session.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function render(name: string, input: RendererJobInput, watermark = false) {
    const output = path.join(dir, name);
    const progress: RenderProgress[] = [];
    const result = await session.render(MOVING, planRender(input, { watermark }), output, {
      onProgress: (p) => progress.push(p),
    });
    return { output, result, progress };
  }

  it('renders mp4 (h264), webm (vp9) and gif of 2 s at 20 fps, with their duration, rate, size and frames', async () => {
    const cases = [
      { name: 'moving.mp4', input: job({}), codec: 'h264', pix: 'yuv420p' },
      {
        name: 'moving.webm',
        input: job({ extension: 'webm', codec: 'vp9' }),
        codec: 'vp9',
        pix: 'yuv420p',
      },
      {
        name: 'moving.gif',
        input: job({ extension: 'gif', codec: null, colorPaletteSize: 32 }),
        codec: 'gif',
        pix: 'bgra',
      },
    ];
    for (const { name, input, codec, pix } of cases) {
      const { output, result, progress } = await render(name, input, true);
      const probe = await ffprobe(output);
      const stream = probe.streams[0]!;
      assert.equal(stream.codec_name, codec, name);
      assert.equal(stream.pix_fmt, pix, name);
      assert.deepEqual([stream.width, stream.height], [160, 80], name);
      assert.equal(stream.r_frame_rate, '20/1', name);
      assert.equal(stream.nb_read_frames, '40', name);
      assert.ok(
        Math.abs(Number(probe.format.duration) - 2) < 0.011,
        `${name}: ${probe.format.duration}`,
      );
      assert.deepEqual(
        { ...result, bytes: result.bytes > 0 },
        {
          bytes: true,
          frames: 40,
          durationMs: 2000,
          width: 160,
          height: 80,
          mimeType: {
            'moving.mp4': 'video/mp4',
            'moving.webm': 'video/webm',
            'moving.gif': 'image/gif',
          }[name],
        },
      );
      // Once per frame, rising, then 100 once the file is written.
      assert.equal(progress.length, 41, name);
      assert.deepEqual(
        progress.map((p) => p.frame),
        [...Array.from({ length: 40 }, (_, i) => i + 1), 40],
      );
      assert.ok(progress.every((p, i) => i === 0 || p.percent >= progress[i - 1]!.percent));
      assert.deepEqual(progress.at(-1), { frame: 40, frames: 40, percent: 100, etaSeconds: 0 });
      assert.ok(progress.slice(0, -1).every((p) => p.percent < 100));
    }
  });

  it('keeps alpha without a matte: webm vp9 and apng; white behind a gif', async () => {
    // The webm and gif of the test above, rendered without a matte.
    const webm = path.join(dir, 'moving.webm');
    const webmProbe = await ffprobe(webm);
    assert.equal(webmProbe.streams[0]!.tags?.alpha_mode, '1');
    const webmFrame = await rgba(await frameAt(webm, 0.5, 'libvpx-vp9'));
    // The corner is empty: transparent.
    assert.equal(webmFrame.data[3], 0);
    const gifFrame = await rgba(await frameAt(path.join(dir, 'moving.gif'), 0));
    // White (give or take the dither) and opaque.
    const [r, g, b, a] = gifFrame.data.subarray(0, 4);
    assert.ok(r! >= 245 && g! >= 245 && b! >= 245 && a === 255, `${[r, g, b, a]}`);

    const apng = await render('alpha.apng', job({ extension: 'apng', codec: null }));
    const apngProbe = await ffprobe(apng.output);
    assert.equal(apngProbe.streams[0]!.codec_name, 'apng');
    assert.equal(apngProbe.streams[0]!.pix_fmt, 'rgba');
    assert.equal(apngProbe.streams[0]!.nb_read_frames, '40');
    assert.equal(apngProbe.streams[0]!.avg_frame_rate, '20/1');
    const apngFrame = await rgba(await frameAt(apng.output, 0));
    assert.equal(apngFrame.data[3], 0);
    // At 0 s the red square's top left (0, 10) in project pixels is (0, 8) at 160 × 80.
    const red = (8 * 160 + 2) * 4;
    assert.deepEqual([...apngFrame.data.subarray(red, red + 4)], [255, 0, 0, 255]);
  });

  it('renders mov (ProRes 4444 with alpha), animated webp and a zip of PNG frames at a tiny size', async () => {
    const tiny = { width: 40, height: 20 };
    const at10 = { resolution: tiny, framerate: 10 };
    const mov = await render('tiny.mov', job({ extension: 'mov', codec: 'prores', ...at10 }));
    const movProbe = await ffprobe(mov.output);
    assert.equal(movProbe.streams[0]!.codec_name, 'prores');
    assert.match(movProbe.streams[0]!.pix_fmt, /^yuva444p/);
    assert.equal(movProbe.streams[0]!.nb_read_frames, '20');
    assert.equal(Number(movProbe.format.duration), 2);
    assert.equal(mov.result.mimeType, 'video/quicktime');

    const webp = await render('tiny.webp', job({ extension: 'webp', codec: null, ...at10 }));
    const meta = await sharp(await readFile(webp.output), { animated: true }).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.pages, 20);
    assert.equal(meta.width, 40);
    assert.equal(meta.pageHeight, 20);
    assert.equal(meta.hasAlpha, true);
    assert.equal(meta.loop, 0);
    assert.deepEqual(
      meta.delay,
      Array.from({ length: 20 }, () => 100),
    );

    const zip = await render('tiny.zip', job({ extension: 'zip', codec: null, ...at10 }));
    const files = unzipSync(await readFile(zip.output));
    const names = Object.keys(files);
    assert.equal(names.length, 20);
    assert.equal(names[0], 'frame-00001.png');
    assert.equal(names[19], 'frame-00020.png');
    const first = await sharp(Buffer.from(files['frame-00001.png']!)).metadata();
    assert.deepEqual(
      [first.format, first.width, first.height, first.hasAlpha],
      ['png', 40, 20, true],
    );
    assert.equal(zip.result.mimeType, 'application/zip');
  });

  it('draws the frame at 1.0 s exactly: the mp4 frame matches Chromium’s picture of the SVG paused there', async (t) => {
    const size = { width: 320, height: 160 };
    const { output } = await render(
      'exact.mp4',
      job({ resolution: size, matte: '#ffffff', quality: 'maximum' }),
    );
    const frame = await frameAt(output, 1.0);

    // The reference: the SVG alone in a page of its own, both clocks paused at the time.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ viewport: size });
      const at = async (ms: number) => {
        await page.setContent(
          `<body style="margin:0;background:#fff">${MOVING.document.replace('width="200" height="100"', 'width="320" height="160"')}</body>`,
        );
        await page.evaluate((time) => {
          const svg = document.querySelector('svg')!;
          svg.pauseAnimations();
          svg.setCurrentTime(time / 1000);
          for (const animation of document.getAnimations()) {
            animation.pause();
            animation.currentTime = time;
          }
        }, ms);
        return page.screenshot({ type: 'png' });
      };
      const reference = await at(1000);
      const difference = await meanDifference(frame, reference);
      assert.ok(difference < 2, `mean difference at 1.0 s: ${difference.toFixed(3)}`);
      // The comparison can tell frames apart: 1/20 s earlier is clearly another picture.
      const earlier = await meanDifference(frame, await at(950));
      t.diagnostic(
        `mean difference: ${difference.toFixed(3)} at 1.0 s, ${earlier.toFixed(3)} against 0.95 s`,
      );
      assert.ok(earlier > difference * 3 && earlier > 1, `against 0.95 s: ${earlier.toFixed(3)}`);
    } finally {
      await browser.close();
    }
  });

  it('renders a raster project (an embedded PNG) and places it scaled to fit, centred on the matte', async () => {
    const png = await sharp({
      create: { width: 20, height: 10, channels: 3, background: { r: 0, g: 128, b: 0 } },
    })
      .png()
      .toBuffer();
    const raster: RenderProject = {
      options: {
        dimension: { width: 20, height: 10 },
        duration: 0,
        fps: 30,
        background: 'transparent',
      },
      document: `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10" viewBox="0 0 20 10"><image width="20" height="10" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    };
    const output = path.join(dir, 'raster.zip');
    const plan = planRender(
      job({
        extension: 'zip',
        codec: null,
        resolution: { width: 40, height: 40 },
        matte: '#000000',
        offset: { start: 0, duration: 200 },
        framerate: 10,
      }),
      { watermark: false },
    );
    const result = await session.render(raster, plan, output);
    assert.equal(result.frames, 2);
    const files = unzipSync(await readFile(output));
    const { data } = await rgba(Buffer.from(files['frame-00002.png']!));
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4),
    ];
    // 20 × 10 fits 40 × 40 as 40 × 20, centred: the matte above and below.
    assert.deepEqual(pixel(20, 20), [0, 128, 0, 255]);
    assert.deepEqual(pixel(20, 5), [0, 0, 0, 255]);
  });

  it('stops ffmpeg and closes the page on abort, leaves no file and rejects with an AbortError', async (t) => {
    const output = path.join(dir, 'aborted.mp4');
    const controller = new AbortController();
    let abortedAt = 0;
    const rendering = session.render(
      MOVING,
      planRender(
        job({ offset: { start: 0, duration: 600_000 }, resolution: { width: 320, height: 160 } }),
        {
          watermark: false,
        },
      ),
      output,
      {
        signal: controller.signal,
        onProgress: ({ frame }) => {
          if (frame === 10) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      },
    );
    await assert.rejects(rendering, { name: 'AbortError', message: 'The render was aborted.' });
    t.diagnostic(`rejected ${(performance.now() - abortedAt).toFixed(0)} ms after the abort`);
    assert.deepEqual(processesNaming(output), []);
    assert.equal(await session.openPages(), 0);
    assert.equal(existsSync(output), false);
    // The session renders on afterwards.
    const next = await render(
      'after-abort.gif',
      job({ extension: 'gif', codec: null, offset: { start: 0, duration: 200 } }),
    );
    assert.equal(next.result.frames, 4);
  });

  it('fails with a message naming what to install when Chromium or ffmpeg is missing', async () => {
    const noChromium = new RendererSession({ chromiumPath: '/nonexistent/chromium' });
    const plan = planRender(job({}), { watermark: false });
    await assert.rejects(noChromium.render(MOVING, plan, path.join(dir, 'none.mp4')), (error) => {
      assert.ok(error instanceof RendererError);
      assert.equal(error.code, 'chromium-missing');
      assert.equal(
        error.message,
        'Chromium was not found at /nonexistent/chromium. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
      );
      return true;
    });
    await noChromium.close();
    const noFfmpeg = new RendererSession({ ffmpegPath: '/nonexistent/ffmpeg' });
    await assert.rejects(noFfmpeg.render(MOVING, plan, path.join(dir, 'none.mp4')), (error) => {
      assert.ok(error instanceof RendererError);
      assert.equal(error.code, 'ffmpeg-missing');
      assert.equal(error.message, rendererMessages.ffmpegMissing('/nonexistent/ffmpeg'));
      assert.equal(
        error.message,
        'ffmpeg was not found at /nonexistent/ffmpeg. Install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH.',
      );
      return true;
    });
    await noFfmpeg.close();
    assert.equal(existsSync(path.join(dir, 'none.mp4')), false);
  });
});
