import type { RenderJobInput } from '@animata/contracts';
import type { RenderProject } from '../renderer/index.js';

/**
 * The messages between a worker and its render child process (render.processor.ts). The child
 * renders only: the worker's own process keeps the database, the queue, storage and live events.
 */
export type ToRenderChild =
  | {
      type: 'render';
      renderId: string;
      project: RenderProject;
      input: RenderJobInput;
      watermark: boolean;
      /** The file to write (a temporary path of the worker's). */
      output: string;
    }
  | { type: 'abort'; renderId: string };

export type FromRenderChild =
  | { type: 'ready' }
  | { type: 'progress'; renderId: string; percent: number; etaSeconds: number | null }
  | { type: 'done'; renderId: string; bytes: number }
  | {
      type: 'failed';
      renderId: string;
      /** 'aborted', a RendererError code, 'plan' (RenderPlanError) or 'error'. */
      code: string;
      message: string;
    };
