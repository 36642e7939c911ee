/**
 * Between the renders API (rows, limits, files) and the render jobs (the queue, the workers, the
 * renderer). The API writes a render's row and then tells the dispatch; the dispatch hands the
 * customer's next render to the queue and stops one that runs.
 */
export interface RenderDispatch {
  /**
   * The customer's line changed (a render was asked for, its priority changed, one ended):
   * hands the customer's next queued renders to the queue when it is their turn. Idempotent.
   */
  pump(customerId: string): Promise<void>;
  /**
   * The render's row was just set to 'aborted' (or deleted): if a worker runs it, its Chromium
   * and ffmpeg stop within a second and its slot is free. Safe for a render that is not running.
   */
  stop(renderId: string): Promise<void>;
}

export const RENDER_DISPATCH = Symbol('RENDER_DISPATCH');
