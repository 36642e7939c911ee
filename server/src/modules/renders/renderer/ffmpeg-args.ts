import type { RenderQuality } from '@animata/contracts';
import type { RenderPlan } from './render-plan.js';

/**
 * ffmpeg's command line for a plan (Debian's ffmpeg 5.1 and its encoders): PNG frames come in
 * on stdin (`-f image2pipe`) at the plan's frame rate, the file goes to `output`. Quality maps
 * to each encoder's own scale (decision 262). Not used for `zip`: those
 * PNG frames go into the archive as Chromium drew them.
 */
export function ffmpegArgs(plan: RenderPlan, output: string): string[] {
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-framerate',
    String(plan.fps),
    '-i',
    'pipe:0',
  ];
  return [...input, ...encoderArgs(plan), '-frames:v', String(plan.frames), output];
}

const X264_CRF: Record<RenderQuality, number> = { low: 28, medium: 23, high: 18, maximum: 14 };
const X265_CRF: Record<RenderQuality, number> = { low: 32, medium: 28, high: 23, maximum: 18 };
const VP9_CRF: Record<RenderQuality, number> = { low: 42, medium: 35, high: 28, maximum: 18 };
const VP8_CRF: Record<RenderQuality, number> = { low: 40, medium: 24, high: 12, maximum: 4 };
/** libvpx's rate ceiling beside its crf (VP8 needs one): bits per pixel per frame. */
const VP8_BPP: Record<RenderQuality, number> = { low: 0.1, medium: 0.2, high: 0.4, maximum: 0.8 };
/** prores_ks quantiser: lower is better. */
const PRORES_Q: Record<RenderQuality, number> = { low: 13, medium: 9, high: 5, maximum: 2 };
const WEBP_QUALITY: Record<RenderQuality, number> = { low: 50, medium: 75, high: 90, maximum: 100 };
/**
 * The x264 and x265 preset: fast enough at 1080p on one core for ffmpeg to keep up with
 * Chromium's capture (bench/renders.bench.mjs), slower only for the maximum quality.
 */
const X26X_PRESET: Record<RenderQuality, string> = {
  low: 'veryfast',
  medium: 'veryfast',
  high: 'veryfast',
  maximum: 'medium',
};

function encoderArgs(plan: RenderPlan): string[] {
  const { quality } = plan;
  switch (plan.extension) {
    case 'mp4':
    case 'mov': {
      if (plan.codec === 'prores') {
        // ProRes 4444 (profile 4): alpha kept (16-bit alpha plane) unless a matte filled it.
        return [
          '-c:v',
          'prores_ks',
          '-profile:v',
          '4',
          '-pix_fmt',
          plan.alpha ? 'yuva444p10le' : 'yuv444p10le',
          ...(plan.alpha ? ['-alpha_bits', '16'] : []),
          '-vendor',
          'apl0',
          '-qscale:v',
          String(PRORES_Q[quality]),
          '-f',
          'mov',
        ];
      }
      const h265 = plan.codec === 'h265';
      return [
        '-c:v',
        h265 ? 'libx265' : 'libx264',
        '-preset',
        X26X_PRESET[quality],
        '-crf',
        String((h265 ? X265_CRF : X264_CRF)[quality]),
        '-pix_fmt',
        'yuv420p',
        ...(h265 ? ['-tag:v', 'hvc1', '-x265-params', 'log-level=error'] : []),
        '-r',
        String(plan.fps),
        '-movflags',
        '+faststart',
        '-f',
        plan.extension === 'mp4' ? 'mp4' : 'mov',
      ];
    }
    case 'webm': {
      if (plan.codec === 'vp8') {
        const bitrate = Math.round(VP8_BPP[quality] * plan.width * plan.height * plan.fps);
        return [
          '-c:v',
          'libvpx',
          '-crf',
          String(VP8_CRF[quality]),
          '-b:v',
          String(bitrate),
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-pix_fmt',
          'yuv420p',
          '-auto-alt-ref',
          '0',
          '-f',
          'webm',
        ];
      }
      return [
        '-c:v',
        'libvpx-vp9',
        '-crf',
        String(VP9_CRF[quality]),
        '-b:v',
        '0',
        // Real-time speed: the encoder keeps pace with the capture; crf still sets quality.
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-row-mt',
        '1',
        '-pix_fmt',
        plan.alpha ? 'yuva420p' : 'yuv420p',
        '-auto-alt-ref',
        '0',
        '-f',
        'webm',
      ];
    }
    case 'gif': {
      // One pass: the frames are split, one copy builds the palette, the other is mapped on it.
      const dither = plan.dither === 'bayer' ? 'bayer:bayer_scale=3' : plan.dither;
      return [
        '-filter_complex',
        `[0:v]split[a][b];[a]palettegen=max_colors=${plan.colorPaletteSize}:stats_mode=full[p];[b][p]paletteuse=dither=${dither}`,
        '-loop',
        '0',
        '-f',
        'gif',
      ];
    }
    case 'webp':
      return [
        '-c:v',
        'libwebp_anim',
        ...(quality === 'maximum'
          ? ['-lossless', '1']
          : ['-lossless', '0', '-quality', String(WEBP_QUALITY[quality])]),
        '-pix_fmt',
        // Lossless WebP is RGB; the lossy one 4:2:0, with its alpha plane when kept.
        quality === 'maximum' ? 'bgra' : plan.alpha ? 'yuva420p' : 'yuv420p',
        '-loop',
        '0',
        '-f',
        'webp',
      ];
    case 'apng':
      return [
        '-c:v',
        'apng',
        '-pix_fmt',
        plan.alpha ? 'rgba' : 'rgb24',
        '-plays',
        '0',
        '-f',
        'apng',
      ];
    case 'zip':
      throw new Error('A PNG sequence is written without ffmpeg.');
  }
}
