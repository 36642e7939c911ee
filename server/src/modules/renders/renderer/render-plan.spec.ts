import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { frameTime, planRender, RenderPlanError, type RendererJobInput } from './render-plan.js';

function input(overrides: Partial<RendererJobInput> = {}): RendererJobInput {
  return {
    extension: 'mp4',
    codec: 'h264',
    framerate: 30,
    resolution: { width: 1920, height: 1080 },
    quality: 'high',
    colorPaletteSize: 256,
    matte: null,
    dither: 'none',
    offset: { start: 0, duration: 2000 },
    speed: 1,
    iterations: 1,
    ...overrides,
  };
}

describe('planRender', () => {
  it('counts whole frames of duration × iterations ÷ speed at the frame rate', () => {
    const table: [Partial<RendererJobInput>, number, number][] = [
      [{}, 60, 2000],
      [{ iterations: 3 }, 180, 6000],
      [{ speed: 2 }, 30, 1000],
      [{ speed: 0.25 }, 240, 8000],
      [{ speed: 4, iterations: 2, framerate: 60 }, 60, 1000],
      [{ framerate: 24, offset: { start: 500, duration: 1000 } }, 24, 1000],
      [{ framerate: 1, offset: { start: 0, duration: 10 } }, 1, 10],
      [{ framerate: 25, offset: { start: 0, duration: 1010 } }, 25, 1010],
    ];
    for (const [overrides, frames, durationMs] of table) {
      const plan = planRender(input(overrides), { watermark: false });
      assert.equal(plan.frames, frames, JSON.stringify(overrides));
      assert.equal(plan.durationMs, durationMs, JSON.stringify(overrides));
    }
  });

  it('makes both sides even for the 4:2:0 codecs and keeps them for the others', () => {
    const odd = { width: 321, height: 181 };
    for (const [extension, codec] of [
      ['mp4', 'h264'],
      ['mp4', 'h265'],
      ['webm', 'vp9'],
      ['webm', 'vp8'],
      ['mov', 'h264'],
    ] as const) {
      const plan = planRender(input({ extension, codec, resolution: odd }), { watermark: false });
      assert.deepEqual([plan.width, plan.height], [320, 180], `${extension} ${codec}`);
    }
    for (const extension of ['gif', 'webp', 'apng', 'zip'] as const) {
      const plan = planRender(input({ extension, codec: null, resolution: odd }), {
        watermark: false,
      });
      assert.deepEqual([plan.width, plan.height], [321, 181], extension);
    }
    const prores = planRender(input({ extension: 'mov', codec: 'prores', resolution: odd }), {
      watermark: false,
    });
    assert.deepEqual([prores.width, prores.height], [321, 181]);
    const tiny = planRender(input({ resolution: { width: 1, height: 1 } }), { watermark: false });
    assert.deepEqual([tiny.width, tiny.height], [2, 2]);
  });

  it('keeps alpha without a matte where the format has it, white elsewhere, the matte when given', () => {
    const table: [RendererJobInput['extension'], RendererJobInput['codec'], boolean][] = [
      ['webm', 'vp9', true],
      ['mov', 'prores', true],
      ['webp', null, true],
      ['apng', null, true],
      ['zip', null, true],
      ['webm', 'vp8', false],
      ['mov', 'h264', false],
      ['mp4', 'h264', false],
      ['mp4', 'h265', false],
      ['gif', null, false],
    ];
    for (const [extension, codec, alpha] of table) {
      const plan = planRender(input({ extension, codec }), { watermark: false });
      assert.equal(plan.alpha, alpha, `${extension} ${codec}`);
      assert.equal(plan.matte, alpha ? null : '#ffffff', `${extension} ${codec}`);
      const matted = planRender(input({ extension, codec, matte: '#102030' }), {
        watermark: false,
      });
      assert.equal(matted.alpha, false);
      assert.equal(matted.matte, '#102030');
    }
  });

  it('takes the extension’s default codec when none is given, none for images, and refuses a wrong pair', () => {
    assert.equal(planRender(input({ codec: null }), { watermark: false }).codec, 'h264');
    assert.equal(
      planRender(input({ extension: 'webm', codec: null }), { watermark: false }).codec,
      'vp9',
    );
    assert.equal(
      planRender(input({ extension: 'mov', codec: null }), { watermark: false }).codec,
      'prores',
    );
    assert.equal(
      planRender(input({ extension: 'gif', codec: 'h264' }), { watermark: false }).codec,
      null,
    );
    assert.throws(() => planRender(input({ codec: 'vp9' }), { watermark: false }), RenderPlanError);
  });

  it('names the mime type and carries the watermark, palette and dither', () => {
    const plan = planRender(
      input({ extension: 'gif', codec: null, colorPaletteSize: 300, dither: 'sierra2_4a' }),
      { watermark: true },
    );
    assert.equal(plan.mimeType, 'image/gif');
    assert.equal(plan.watermark, true);
    assert.equal(plan.colorPaletteSize, 256);
    assert.equal(plan.dither, 'sierra2_4a');
    const mimes = {
      mp4: 'video/mp4',
      webm: 'video/webm',
      mov: 'video/quicktime',
      webp: 'image/webp',
      apng: 'image/apng',
      zip: 'application/zip',
    } as const;
    for (const [extension, mime] of Object.entries(mimes))
      assert.equal(
        planRender(input({ extension: extension as RendererJobInput['extension'], codec: null }), {
          watermark: false,
        }).mimeType,
        mime,
      );
  });

  it('refuses what cannot be rendered', () => {
    for (const overrides of [
      { framerate: 0 },
      { framerate: 61 },
      { speed: 0.1 },
      { speed: 5 },
      { iterations: 0 },
      { offset: { start: -1, duration: 1000 } },
      { offset: { start: 0, duration: 0 } },
      { resolution: { width: 0, height: 10 } },
      { resolution: { width: 10.5, height: 10 } },
      { matte: 'red' },
    ] as Partial<RendererJobInput>[]) {
      assert.throws(
        () => planRender(input(overrides), { watermark: false }),
        RenderPlanError,
        JSON.stringify(overrides),
      );
    }
  });
});

describe('frameTime', () => {
  it('is the offset’s start plus the output time times the speed', () => {
    const plan = planRender(input({ offset: { start: 500, duration: 2000 } }), {
      watermark: false,
    });
    assert.equal(frameTime(plan, 0), 500);
    assert.equal(frameTime(plan, 30), 1500);
    // Times are kept to the microsecond.
    assert.equal(frameTime(plan, 59), 2466.667);
    const fast = planRender(input({ speed: 2 }), { watermark: false });
    assert.equal(frameTime(fast, 15), 1000);
    const slow = planRender(input({ speed: 0.5, framerate: 10 }), { watermark: false });
    assert.equal(frameTime(slow, 1), 50);
  });

  it('wraps per iteration, so every iteration shows the same frames', () => {
    const plan = planRender(input({ iterations: 3, offset: { start: 250, duration: 1000 } }), {
      watermark: false,
    });
    assert.equal(plan.frames, 90);
    for (let index = 0; index < 30; index += 1) {
      assert.equal(frameTime(plan, index + 30), frameTime(plan, index), `frame ${index}`);
      assert.equal(frameTime(plan, index + 60), frameTime(plan, index), `frame ${index}`);
    }
    assert.equal(frameTime(plan, 30), 250);
    // 3 fps: 1000/3 × 3 lands exactly on the next pass's start, never a hair before it.
    const thirds = planRender(
      input({ framerate: 3, iterations: 2, offset: { start: 0, duration: 1000 } }),
      { watermark: false },
    );
    assert.equal(frameTime(thirds, 3), 0);
    for (let index = 0; index < thirds.frames; index += 1) {
      const time = frameTime(thirds, index);
      assert.ok(time >= 0 && time < 1000, `frame ${index}: ${time}`);
    }
  });
});
