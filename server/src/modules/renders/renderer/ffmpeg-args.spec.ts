import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ffmpegArgs } from './ffmpeg-args.js';
import { planRender, type RendererJobInput } from './render-plan.js';

function argsFor(overrides: Partial<RendererJobInput>): string[] {
  const plan = planRender(
    {
      extension: 'mp4',
      codec: 'h264',
      framerate: 30,
      resolution: { width: 641, height: 361 },
      quality: 'medium',
      colorPaletteSize: 64,
      matte: null,
      dither: 'floyd_steinberg',
      offset: { start: 0, duration: 2000 },
      speed: 1,
      iterations: 1,
      ...overrides,
    },
    { watermark: false },
  );
  return ffmpegArgs(plan, '/out/file');
}

/** The value after `flag`, or undefined. */
function option(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

describe('ffmpegArgs', () => {
  it('reads PNG frames from stdin at the frame rate and writes exactly the plan’s frames', () => {
    const args = argsFor({ framerate: 24, iterations: 2 });
    assert.deepEqual(args.slice(args.indexOf('-f'), args.indexOf('-f') + 8), [
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-framerate',
      '24',
      '-i',
      'pipe:0',
    ]);
    assert.equal(option(args, '-frames:v'), '96');
    assert.equal(args.at(-1), '/out/file');
  });

  it('mp4: x264 in yuv420p with faststart, crf by quality; h265 tagged hvc1', () => {
    const table = { low: '28', medium: '23', high: '18', maximum: '14' } as const;
    for (const [quality, crf] of Object.entries(table)) {
      const args = argsFor({ quality: quality as RendererJobInput['quality'] });
      assert.equal(option(args, '-c:v'), 'png');
      assert.equal(args[args.lastIndexOf('-c:v') + 1], 'libx264');
      assert.equal(option(args, '-crf'), crf);
      assert.equal(option(args, '-pix_fmt'), 'yuv420p');
      assert.equal(option(args, '-movflags'), '+faststart');
      assert.equal(args[args.lastIndexOf('-f') + 1], 'mp4');
    }
    const h265 = argsFor({ codec: 'h265' });
    assert.equal(h265[h265.lastIndexOf('-c:v') + 1], 'libx265');
    assert.equal(option(h265, '-tag:v'), 'hvc1');
    assert.equal(option(h265, '-crf'), '28');
  });

  it('webm: vp9 with alpha (yuva420p) without a matte, yuv420p with one; vp8 with a rate ceiling', () => {
    const alpha = argsFor({ extension: 'webm', codec: 'vp9' });
    assert.equal(alpha[alpha.lastIndexOf('-c:v') + 1], 'libvpx-vp9');
    assert.equal(option(alpha, '-pix_fmt'), 'yuva420p');
    assert.equal(option(alpha, '-b:v'), '0');
    assert.equal(option(alpha, '-crf'), '35');
    const matted = argsFor({ extension: 'webm', codec: 'vp9', matte: '#000000' });
    assert.equal(option(matted, '-pix_fmt'), 'yuv420p');
    const vp8 = argsFor({ extension: 'webm', codec: 'vp8' });
    assert.equal(vp8[vp8.lastIndexOf('-c:v') + 1], 'libvpx');
    assert.equal(option(vp8, '-pix_fmt'), 'yuv420p');
    assert.ok(Number(option(vp8, '-b:v')) > 0);
  });

  it('mov: ProRes 4444 with its alpha plane, or x264', () => {
    const prores = argsFor({ extension: 'mov', codec: 'prores', quality: 'high' });
    assert.equal(prores[prores.lastIndexOf('-c:v') + 1], 'prores_ks');
    assert.equal(option(prores, '-profile:v'), '4');
    assert.equal(option(prores, '-pix_fmt'), 'yuva444p10le');
    assert.equal(option(prores, '-qscale:v'), '5');
    assert.equal(args(prores), 'mov');
    const matted = argsFor({ extension: 'mov', codec: 'prores', matte: '#ffffff' });
    assert.equal(option(matted, '-pix_fmt'), 'yuv444p10le');
    const h264 = argsFor({ extension: 'mov', codec: 'h264' });
    assert.equal(h264[h264.lastIndexOf('-c:v') + 1], 'libx264');
    assert.equal(args(h264), 'mov');
  });

  it('gif: palette made and used in one pass with the palette size and dither, looping', () => {
    const table = [
      ['none', 'dither=none'],
      ['bayer', 'dither=bayer:bayer_scale=3'],
      ['floyd_steinberg', 'dither=floyd_steinberg'],
      ['sierra2_4a', 'dither=sierra2_4a'],
    ] as const;
    for (const [dither, expected] of table) {
      const gif = argsFor({ extension: 'gif', codec: null, colorPaletteSize: 32, dither });
      const graph = option(gif, '-filter_complex') ?? '';
      assert.match(graph, /^\[0:v\]split\[a\]\[b\];\[a\]palettegen=max_colors=32/);
      assert.ok(graph.endsWith(`paletteuse=${expected}`), graph);
      assert.equal(option(gif, '-loop'), '0');
      assert.equal(args(gif), 'gif');
    }
  });

  it('webp and apng: animated, looping, with alpha when kept', () => {
    const webp = argsFor({ extension: 'webp', codec: null });
    assert.equal(webp[webp.lastIndexOf('-c:v') + 1], 'libwebp_anim');
    assert.equal(option(webp, '-pix_fmt'), 'yuva420p');
    assert.equal(option(webp, '-quality'), '75');
    assert.equal(option(webp, '-loop'), '0');
    const lossless = argsFor({ extension: 'webp', codec: null, quality: 'maximum' });
    assert.equal(option(lossless, '-lossless'), '1');
    const apng = argsFor({ extension: 'apng', codec: null });
    assert.equal(option(apng, '-pix_fmt'), 'rgba');
    assert.equal(option(apng, '-plays'), '0');
    assert.equal(args(apng), 'apng');
    const matted = argsFor({ extension: 'apng', codec: null, matte: '#ffffff' });
    assert.equal(option(matted, '-pix_fmt'), 'rgb24');
  });

  it('has no command for a PNG sequence (zip): those frames are written as drawn', () => {
    assert.throws(() => argsFor({ extension: 'zip', codec: null }));
  });
});

/** The output container (the last -f). */
function args(list: string[]): string | undefined {
  return list[list.lastIndexOf('-f') + 1];
}
