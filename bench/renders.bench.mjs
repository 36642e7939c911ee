// The render pipeline (issue 32): frames per second of a 1080p 30 fps mp4 export, the whole
// pipeline (Chromium draws each frame paused at its time, ffmpeg encodes it meanwhile) against
// Chromium's frame capture alone (the same frames, no ffmpeg), in the same run, round by round.
// Floor: whole / capture ≥ 0.8 (encoding overlaps capture). ffmpeg alone (encoding the same
// PNG frames, captured beforehand, as fast as it takes them) is reported beside.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { benchDir } from './lib/index.mjs';

const RENDERER = path.join(
  benchDir,
  '..',
  'server/dist/server/src/modules/renders/renderer/index.js',
);
const SECONDS = 3;
const FPS = 30;
const FLOOR = 0.8;

/**
 * A 1920 × 1080 project of the kind customers export: a gradient background, 24 shapes moved by
 * SMIL (position, rotation, colour), 24 by CSS animations (transform, opacity), a title.
 */
function movingProject() {
  const NS = 'xmlns="http://www.w3.org/2000/svg"';
  const smil = Array.from({ length: 24 }, (_, i) => {
    const y = 60 + (i % 6) * 160;
    const x = 80 + Math.floor(i / 6) * 220;
    return (
      `<g transform="translate(${x} ${y})"><rect width="120" height="90" rx="14" fill="hsl(${i * 15} 70% 55%)">` +
      `<animate attributeName="x" values="0;${300 + i * 10};0" dur="${2 + (i % 3)}s" repeatCount="indefinite"/>` +
      `<animate attributeName="fill" values="hsl(${i * 15} 70% 55%);hsl(${i * 15 + 120} 70% 55%);hsl(${i * 15} 70% 55%)" dur="3s" repeatCount="indefinite"/>` +
      `<animateTransform attributeName="transform" type="rotate" from="0 60 45" to="360 60 45" dur="${3 + (i % 4)}s" repeatCount="indefinite"/></rect></g>`
    );
  }).join('');
  const css = Array.from(
    { length: 24 },
    (_, i) =>
      `<circle class="c c${i % 4}" cx="${100 + (i % 8) * 230}" cy="${200 + Math.floor(i / 8) * 300}" r="${40 + (i % 5) * 8}" fill="hsl(${200 + i * 6} 80% 60%)" style="animation-delay:-${(i * 0.13).toFixed(2)}s"/>`,
  ).join('');
  const document =
    `<svg ${NS} viewBox="0 0 1920 1080" width="1920" height="1080">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1f3b"/><stop offset="1" stop-color="#4b2a6b"/></linearGradient></defs>' +
    '<style>@keyframes bob{0%{transform:translate(0,0);opacity:1}50%{transform:translate(180px,-120px);opacity:.5}100%{transform:translate(0,0);opacity:1}}' +
    '@keyframes spin{to{transform:rotate(360deg)}}.c{transform-box:fill-box;transform-origin:center;animation:bob 2s ease-in-out infinite}' +
    '.c1{animation-duration:3s}.c2{animation:spin 1.5s linear infinite}.c3{animation-duration:2.5s}</style>' +
    '<rect width="1920" height="1080" fill="url(#bg)"/>' +
    smil +
    css +
    '<text x="960" y="1000" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="64" fill="#fff">Animata render bench</text></svg>';
  return {
    options: {
      dimension: { width: 1920, height: 1080 },
      duration: SECONDS * 1000,
      fps: FPS,
      background: 'transparent',
    },
    document,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @type {import('./lib/types.js').Bench} */
export default {
  name: 'renders',
  title: `render pipeline: ${SECONDS} s of 1080p at ${FPS} fps to mp4 (h264), frames per second`,
  settings: { rounds: 3, warmupSeconds: 0 },

  async setup() {
    const renderer = await import(pathToFileURL(RENDERER).href);
    const session = new renderer.RendererSession();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'animata-renders-bench-'));
    const project = movingProject();
    const plan = renderer.planRender(
      {
        extension: 'mp4',
        codec: 'h264',
        framerate: FPS,
        resolution: { width: 1920, height: 1080 },
        quality: 'high',
        colorPaletteSize: 256,
        matte: null,
        dither: 'none',
        offset: { start: 0, duration: SECONDS * 1000 },
        speed: 1,
        iterations: 1,
      },
      { watermark: true },
    );
    return {
      targets: [],
      notes: {
        frames: plan.frames,
        width: plan.width,
        height: plan.height,
        args: renderer.ffmpegArgs(plan, 'out.mp4').join(' '),
      },
      context: { renderer, session, dir, project, plan },
      async teardown() {
        await session.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },

  async run(environment, settings) {
    const { renderer, session, dir, project, plan } = environment.context;

    /** Chromium alone: the same page, the same frames, each PNG dropped. */
    async function captureAlone(keep) {
      const started = performance.now();
      const capture = await session.openCapture(project, plan);
      const frames = [];
      let bytes = 0;
      let captureMs = 0;
      for (let index = 0; index < plan.frames; index += 1) {
        const t = performance.now();
        const png = await capture.capture(renderer.frameTime(plan, index));
        captureMs += performance.now() - t;
        bytes += png.length;
        if (keep) frames.push(png);
      }
      await capture.close();
      const seconds = (performance.now() - started) / 1000;
      return {
        seconds,
        fps: plan.frames / seconds,
        frames,
        meanPngBytes: bytes / plan.frames,
        captureMs,
      };
    }

    async function pipeline(round) {
      const output = path.join(dir, `round-${round}.mp4`);
      const started = performance.now();
      const result = await session.render(project, plan, output);
      const seconds = (performance.now() - started) / 1000;
      rmSync(output, { force: true });
      return { seconds, fps: plan.frames / seconds, bytes: result.bytes };
    }

    /** ffmpeg alone: the captured PNGs written to its stdin as fast as it takes them. */
    async function ffmpegAlone(frames, round) {
      const output = path.join(dir, `ffmpeg-${round}.mp4`);
      const started = performance.now();
      const child = spawn('/usr/bin/ffmpeg', renderer.ffmpegArgs(plan, output), {
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      for (const frame of frames) if (!child.stdin.write(frame)) await once(child.stdin, 'drain');
      child.stdin.end();
      const [code] = await once(child, 'close');
      if (code !== 0) throw new Error(`ffmpeg alone exited with ${code}`);
      const seconds = (performance.now() - started) / 1000;
      rmSync(output, { force: true });
      return { seconds, fps: frames.length / seconds };
    }

    // Warm-up: Chromium launched, the page's first paint, ffmpeg's first start.
    const warm = await captureAlone(true);
    console.log(
      `   warm-up: capture ${warm.fps.toFixed(2)} fps, mean PNG ${(warm.meanPngBytes / 1024).toFixed(0)} KiB, ${plan.frames} frames`,
    );
    const samples = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      // Alternating which goes first, so a drift of the machine weighs on both.
      const first = round % 2 ? await captureAlone(false) : await pipeline(round);
      const second = round % 2 ? await pipeline(round) : await captureAlone(false);
      const capture = round % 2 ? first : second;
      const whole = round % 2 ? second : first;
      const encode = await ffmpegAlone(warm.frames, round);
      const sample = {
        round,
        captureFps: capture.fps,
        wholeFps: whole.fps,
        ffmpegFps: encode.fps,
        ratio: whole.fps / capture.fps,
        loadAverage: os.loadavg()[0],
      };
      samples.push(sample);
      console.log(
        `   round ${round}: whole ${sample.wholeFps.toFixed(2)} fps, capture alone ${sample.captureFps.toFixed(2)} fps, ` +
          `ratio ${sample.ratio.toFixed(3)}, ffmpeg alone ${sample.ffmpegFps.toFixed(1)} fps (load ${sample.loadAverage.toFixed(1)})`,
      );
    }
    const summary = {
      frames: plan.frames,
      wholeFps: median(samples.map((s) => s.wholeFps)),
      captureFps: median(samples.map((s) => s.captureFps)),
      ffmpegFps: median(samples.map((s) => s.ffmpegFps)),
      ratio: median(samples.map((s) => s.ratio)),
    };
    console.log(
      `\n${this.title}\n  median of ${samples.length} rounds: whole ${summary.wholeFps.toFixed(2)} fps, capture alone ${summary.captureFps.toFixed(2)} fps, ` +
        `ffmpeg alone ${summary.ffmpegFps.toFixed(1)} fps; whole / capture ${summary.ratio.toFixed(3)}\n`,
    );
    return {
      summary,
      samples,
      checks: [
        {
          label: 'whole pipeline / capture alone (fps)',
          value: summary.ratio,
          atLeast: FLOOR,
          met: summary.ratio >= FLOOR,
        },
      ],
    };
  },
};
