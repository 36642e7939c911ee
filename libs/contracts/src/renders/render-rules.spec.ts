import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RenderJobInput } from './render.js';
import {
  renderKeepsAlpha,
  defaultRenderInput,
  fitResolution,
  formatEta,
  isDaysLeftWarning,
  isImageExtension,
  isVideoExtension,
  renderCaps,
  renderDaysLeft,
  renderFrameCount,
  renderInputErrors,
  renderLimitRefusal,
  renderLimits,
  renderOutputDurationMs,
  renderStatusLabel,
} from './render-rules.js';

const PROJECT_MS = 10_000;
const good = (overrides: Partial<RenderJobInput> = {}): RenderJobInput => ({
  extension: 'mp4',
  codec: 'h264',
  framerate: 30,
  resolution: { width: 1280, height: 720 },
  quality: 'medium',
  colorPaletteSize: 256,
  matte: null,
  dither: 'sierra2_4a',
  offset: { start: 0, duration: PROJECT_MS },
  speed: 1,
  iterations: 1,
  ...overrides,
});
const free = renderCaps(0);
const pro = renderCaps(2);
const errorsOf = (input: RenderJobInput, caps = free, length = PROJECT_MS) =>
  renderInputErrors(input, caps, length);

describe('render caps (billing-teams-apps §1)', () => {
  it('gives every plan 4K, 60 fps video, 30 fps images and 2 hours', () => {
    for (const level of [0, 1, 2, 3] as const) {
      const caps = renderCaps(level);
      assert.equal(caps.maxLongSide, 3840);
      assert.equal(caps.maxPixels, 3840 * 2160);
      assert.equal(caps.maxVideoFramerate, 60);
      assert.equal(caps.maxImageFramerate, 30);
      assert.equal(caps.maxDurationMs, 2 * 60 * 60 * 1000);
    }
  });

  it('keeps maximum quality for PRO and TEAM, and the watermark for free and starter', () => {
    assert.deepEqual(renderCaps(0).qualities, ['low', 'medium']);
    assert.deepEqual(renderCaps(1).qualities, ['low', 'medium']);
    assert.deepEqual(renderCaps(2).qualities, ['low', 'medium', 'high', 'maximum']);
    assert.deepEqual(renderCaps(3).qualities, ['low', 'medium', 'high', 'maximum']);
    assert.deepEqual(
      [0, 1, 2, 3].map((level) => renderCaps(level as 0 | 1 | 2 | 3).watermark),
      [true, true, false, false],
    );
  });
});

describe('renderInputErrors', () => {
  it('passes a good input', () => {
    assert.deepEqual(errorsOf(good()), {});
    assert.deepEqual(errorsOf(good({ extension: 'gif', codec: null, framerate: 30 })), {});
    assert.deepEqual(errorsOf(good({ quality: 'maximum' }), pro), {});
  });

  it('refuses formats and codecs not offered', () => {
    assert.equal(
      errorsOf(good({ extension: 'avi' as never })).extension,
      'Choose one of the formats offered.',
    );
    const codec = 'Choose one of the codecs offered for this format.';
    assert.equal(errorsOf(good({ codec: 'vp9' })).codec, codec);
    assert.equal(errorsOf(good({ extension: 'webm', codec: 'h264' })).codec, codec);
    assert.equal(errorsOf(good({ extension: 'gif', codec: 'h264' })).codec, codec);
    assert.equal(errorsOf(good({ extension: 'webm', codec: 'vp8' })).codec, undefined);
    assert.equal(errorsOf(good({ extension: 'mov', codec: 'prores' })).codec, undefined);
    assert.equal(errorsOf(good({ extension: 'zip', codec: null, framerate: 12 })).codec, undefined);
  });

  it('caps the frame rate at 60 fps for video and 30 for animated images', () => {
    assert.equal(errorsOf(good({ framerate: 60 })).framerate, undefined);
    assert.equal(
      errorsOf(good({ framerate: 61 })).framerate,
      'The frame rate must be between 1 and 60 fps.',
    );
    assert.equal(
      errorsOf(good({ framerate: 0 })).framerate,
      'The frame rate must be between 1 and 60 fps.',
    );
    assert.equal(
      errorsOf(good({ framerate: 29.5 })).framerate,
      'The frame rate must be between 1 and 60 fps.',
    );
    for (const extension of ['gif', 'webp', 'apng', 'zip'] as const) {
      assert.equal(errorsOf(good({ extension, codec: null, framerate: 30 })).framerate, undefined);
      assert.equal(
        errorsOf(good({ extension, codec: null, framerate: 31 })).framerate,
        'The frame rate must be between 1 and 30 fps.',
      );
    }
  });

  it('caps the resolution at 4K, either way round, and at 16 px at least', () => {
    assert.equal(
      errorsOf(good({ resolution: { width: 3840, height: 2160 } })).resolution,
      undefined,
    );
    assert.equal(
      errorsOf(good({ resolution: { width: 2160, height: 3840 } })).resolution,
      undefined,
    );
    const tooLarge = 'The resolution is limited to 4K (3840 × 2160).';
    assert.equal(errorsOf(good({ resolution: { width: 3841, height: 100 } })).resolution, tooLarge);
    assert.equal(
      errorsOf(good({ resolution: { width: 3840, height: 2162 } })).resolution,
      tooLarge,
    );
    const invalid = 'Width and height must be whole numbers of pixels, at least 16.';
    assert.equal(errorsOf(good({ resolution: { width: 15, height: 100 } })).resolution, invalid);
    assert.equal(errorsOf(good({ resolution: { width: 100.5, height: 100 } })).resolution, invalid);
    assert.equal(errorsOf(good({ resolution: null as never })).resolution, invalid);
  });

  it('keeps maximum quality for the PRO and TEAM plans', () => {
    assert.equal(
      errorsOf(good({ quality: 'maximum' })).quality,
      'Maximum quality comes with the PRO and TEAM plans.',
    );
    assert.equal(
      errorsOf(good({ quality: 'high' })).quality,
      'Maximum quality comes with the PRO and TEAM plans.',
    );
    assert.equal(
      errorsOf(good({ quality: 'best' as never })).quality,
      'Choose one of the qualities offered.',
    );
  });

  it('checks the palette, the background and the dither', () => {
    for (const size of [1, 257, 2.5]) {
      assert.equal(
        errorsOf(good({ colorPaletteSize: size })).colorPaletteSize,
        'The colours must be between 2 and 256.',
      );
    }
    assert.equal(errorsOf(good({ colorPaletteSize: 2 })).colorPaletteSize, undefined);
    for (const matte of ['white', '#fff', '#gggggg', '#ffffff0']) {
      assert.equal(
        errorsOf(good({ matte })).matte,
        'The background must be a colour like #ffffff.',
        matte,
      );
    }
    assert.equal(errorsOf(good({ matte: '#A0b1C2' })).matte, undefined);
    assert.equal(
      errorsOf(good({ dither: 'random' as never })).dither,
      'Choose one of the dither options offered.',
    );
  });

  it('keeps the part within the animation', () => {
    const message = 'The start and the duration must lie within the animation.';
    // A millisecond of rounding is let through.
    assert.equal(errorsOf(good({ offset: { start: 2001, duration: 8000 } })).offset, undefined);
    assert.equal(errorsOf(good({ offset: { start: 2002, duration: 8000 } })).offset, message);
    assert.equal(errorsOf(good({ offset: { start: -1, duration: 100 } })).offset, message);
    assert.equal(errorsOf(good({ offset: { start: 0, duration: 0 } })).offset, message);
    assert.equal(errorsOf(good({ offset: { start: NaN, duration: 100 } })).offset, message);
    assert.equal(errorsOf(good({ offset: null as never })).offset, message);
  });

  it('checks the speed, the loops and the 2-hour length', () => {
    const speed = 'The speed must be between 0.25 and 4.';
    assert.equal(errorsOf(good({ speed: 0.2 })).speed, speed);
    assert.equal(errorsOf(good({ speed: 4.01 })).speed, speed);
    assert.equal(errorsOf(good({ speed: 0.25 })).speed, undefined);
    const loops = 'The loops must be a whole number between 1 and 1000.';
    assert.equal(errorsOf(good({ iterations: 0 })).iterations, loops);
    assert.equal(errorsOf(good({ iterations: 1001 })).iterations, loops);
    assert.equal(errorsOf(good({ iterations: 1.5 })).iterations, loops);
    // 10 s × 720 = 2 hours exactly: allowed; one more loop is not.
    assert.equal(errorsOf(good({ iterations: 720 })).iterations, undefined);
    assert.equal(
      errorsOf(good({ iterations: 721 })).iterations,
      'An export is limited to 2 hours.',
    );
    assert.equal(
      errorsOf(good({ iterations: 360, speed: 0.5 })).iterations,
      undefined,
      '10 s × 360 ÷ 0.5 = 2 hours',
    );
    assert.equal(
      errorsOf(good({ iterations: 361, speed: 0.5 })).iterations,
      'An export is limited to 2 hours.',
    );
  });
});

describe('render lengths and frames', () => {
  it('plays the part `iterations` times at `speed`', () => {
    assert.equal(
      renderOutputDurationMs({ offset: { start: 0, duration: 3000 }, speed: 2, iterations: 4 }),
      6000,
    );
    assert.equal(
      renderFrameCount({
        offset: { start: 0, duration: 1000 },
        speed: 1,
        iterations: 1,
        framerate: 24,
      }),
      24,
    );
    assert.equal(
      renderFrameCount({
        offset: { start: 0, duration: 1 },
        speed: 4,
        iterations: 1,
        framerate: 1,
      }),
      1,
    );
  });

  it('starts the Export dialog with the project, an mp4 at 30 fps, scaled to 4K', () => {
    const input = defaultRenderInput(
      { duration: 2500, dimension: { width: 800, height: 600 } },
      free,
    );
    assert.deepEqual(input, {
      extension: 'mp4',
      codec: 'h264',
      framerate: 30,
      resolution: { width: 800, height: 600 },
      quality: 'medium',
      colorPaletteSize: 256,
      matte: null,
      dither: 'sierra2_4a',
      offset: { start: 0, duration: 2500 },
      speed: 1,
      iterations: 1,
    });
    assert.equal(
      defaultRenderInput({ duration: 1000, dimension: { width: 8, height: 8 } }, pro).quality,
      'high',
    );
    assert.deepEqual(errorsOf(input, free, 2500), {});
    assert.deepEqual(fitResolution({ width: 7680, height: 4320 }), { width: 3840, height: 2160 });
    assert.deepEqual(fitResolution({ width: 1001, height: 501 }), { width: 1000, height: 500 });
  });

  it('tells videos from animated images', () => {
    assert.deepEqual(
      (['mp4', 'webm', 'mov', 'gif', 'webp', 'apng', 'zip'] as const).map(isVideoExtension),
      [true, true, true, false, false, false, false],
    );
    assert.equal(isImageExtension('gif'), true);
    assert.equal(isImageExtension('mp4'), false);
  });
});

describe('render limits (billing-teams-apps §1, §9)', () => {
  it('fills the plan limits with the usage', () => {
    assert.deepEqual(renderLimits(0, { files: 2, storageMb: 10, thisMonth: 1 }), {
      files: { used: 2, limit: 5 },
      storage: { used: 10, limit: null },
      monthly: { used: 1, limit: 3 },
      reached: false,
    });
    assert.equal(renderLimits(1, { files: 0, storageMb: 0, thisMonth: 0 }).monthly.limit, 10);
    assert.deepEqual(renderLimits(2, { files: 100, storageMb: 5, thisMonth: 99 }), {
      files: { used: 100, limit: null },
      storage: { used: 5, limit: 100 * 1024 },
      monthly: { used: 99, limit: null },
      reached: false,
    });
  });

  it('refuses at the slots, then the month, then the storage, with the texts', () => {
    assert.equal(
      renderLimitRefusal(renderLimits(0, { files: 5, storageMb: 0, thisMonth: 3 })),
      'You have used all 5 render slots. Delete a render or upgrade to continue.',
    );
    assert.equal(
      renderLimitRefusal(renderLimits(0, { files: 4, storageMb: 0, thisMonth: 3 })),
      'You have used your 3 exports this month. Upgrade to continue.',
    );
    assert.equal(
      renderLimitRefusal(renderLimits(3, { files: 4, storageMb: 100 * 1024, thisMonth: 3 })),
      'Your render storage is full. Delete renders to continue.',
    );
    assert.equal(
      renderLimitRefusal(renderLimits(0, { files: 4, storageMb: 0, thisMonth: 2 })),
      null,
    );
    assert.equal(renderLimits(0, { files: 4, storageMb: 0, thisMonth: 3 }).reached, true);
  });
});

describe('the renders screen’s statuses and chips (§4, §9)', () => {
  it('labels each status', () => {
    assert.deepEqual(
      (['queued', 'scheduled', 'deployed', 'progress', 'done', 'failed', 'aborted'] as const).map(
        (status) => renderStatusLabel(status, 42.4),
      ),
      ['Pending', 'Pending', 'Starting', '42%', 'Done', 'Failed', 'Aborted'],
    );
  });

  it('counts the days left and warns at 7 or fewer', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    assert.equal(renderDaysLeft(null, now), null);
    assert.equal(renderDaysLeft('2026-01-08T00:00:00Z', now), 7);
    assert.equal(renderDaysLeft('2026-01-08T00:00:01Z', now), 8);
    assert.equal(renderDaysLeft('2025-12-01T00:00:00Z', now), 0);
    assert.equal(isDaysLeftWarning(7), true);
    assert.equal(isDaysLeftWarning(8), false);
    assert.equal(isDaysLeftWarning(null), false);
  });

  it('formats the remaining time as §9 durations', () => {
    assert.equal(formatEta(45), '45 s');
    assert.equal(formatEta(60), '60 s');
    assert.equal(formatEta(150), '2.5 min');
    assert.equal(formatEta(-3), '0 s');
  });
});

describe('which formats keep transparency (the Export dialog offers Transparent only there)', () => {
  it('webm vp9, mov ProRes, webp, apng and zip do; mp4, gif, webm vp8 and mov h264 do not', () => {
    const table: [
      Parameters<typeof renderKeepsAlpha>[0],
      Parameters<typeof renderKeepsAlpha>[1],
      boolean,
    ][] = [
      ['webm', 'vp9', true],
      ['webm', null, true],
      ['webm', 'vp8', false],
      ['mov', 'prores', true],
      ['mov', null, true],
      ['mov', 'h264', false],
      ['mp4', 'h264', false],
      ['mp4', null, false],
      ['gif', null, false],
      ['webp', null, true],
      ['apng', null, true],
      ['zip', null, true],
    ];
    for (const [extension, codec, keeps] of table) {
      assert.equal(renderKeepsAlpha(extension, codec), keeps, `${extension} ${codec}`);
    }
  });
});
