import { ownMessages } from '@animata/contracts';
import type { Piscina } from 'piscina';
import { CommonErrorCode, CommonException } from '../errors/common.exception.js';

/**
 * One function of a task module run in the pool: the compiled module's address (next to the
 * caller, `new URL('./x.task.js', import.meta.url)`) and the export's name. Input and output
 * cross threads by structured clone: plain data, Buffers arrive as Uint8Array.
 */
export interface WorkerTask<Input, Output> {
  file: URL;
  name: string;
  /** Types only: what the function takes and answers. */
  readonly _types?: (input: Input) => Output;
}

export function workerTask<Input, Output>(file: URL, name: string): WorkerTask<Input, Output> {
  return { file, name };
}

/** What runs tasks: the pool, or `inThisThread` where a test wants no threads. */
export interface TaskRunner {
  run<Input, Output>(task: WorkerTask<Input, Output>, input: Input): Promise<Output>;
}

/** Runs a task's function in the calling thread (unit tests of the code around a task). */
export const inThisThread: TaskRunner = {
  async run<Input, Output>(task: WorkerTask<Input, Output>, input: Input): Promise<Output> {
    const module = (await import(task.file.href)) as Record<string, (input: Input) => Output>;
    return structuredClone(await module[task.name]!(input));
  },
};

/** How long a client should wait before retrying what a stopping process handed back. */
const HANDED_BACK_RETRY_AFTER_MS = 10_000;

/**
 * The pool stopped taking work (a graceful stop): the request is handed back, 503 with
 * Retry-After, to be retried on a process that is not stopping.
 */
export class WorkerPoolClosedError extends CommonException {
  constructor() {
    super(
      CommonErrorCode.ServiceUnavailable,
      ownMessages.serviceUnavailable,
      undefined,
      HANDED_BACK_RETRY_AFTER_MS,
    );
    this.name = 'WorkerPoolClosedError';
  }
}

/**
 * A task's thread reached its heap limit and was ended (the pool starts another): the input
 * costs more memory than a thread may take. Callers answer it as too complex.
 */
export class WorkerOutOfMemoryError extends Error {
  constructor() {
    super('A worker thread reached its heap limit.');
    this.name = 'WorkerOutOfMemoryError';
  }
}

/**
 * A thread's heap limit. jsdom needs about 1.5-2.5 GB at its peak for the largest import (a
 * 4.75 MB SVG of 19,000 paths) and collects lazily, so without an explicit limit a busy thread
 * grew until the process died; with it, only the task that passes it fails.
 */
const THREAD_HEAP_MB = 3072;

export interface WorkerPoolOptions {
  /**
   * Threads at most; the pool starts none until the first task. Fewer than the cores, so the
   * event loop's thread keeps one when uploads keep the pool busy (WORKER_THREADS).
   */
  maxThreads: number;
  /** A thread's heap limit in MB (THREAD_HEAP_MB unless a test asks for less). */
  threadHeapMb?: number;
}

/**
 * The heavy, CPU-bound work of uploads and previews (SVG parsing and sanitising, an import's
 * document) runs here, off the event loop (piscina worker threads): a hostile SVG may keep a
 * thread busy, never the server. piscina and the threads start on the first task, so a process
 * that handles no upload pays nothing for them.
 */
export class WorkerPool implements TaskRunner {
  private pool: Promise<Piscina> | null = null;
  private closing: Promise<void> | null = null;

  constructor(private readonly options: WorkerPoolOptions) {}

  async run<Input, Output>(task: WorkerTask<Input, Output>, input: Input): Promise<Output> {
    if (this.closing) throw new WorkerPoolClosedError();
    const pool = await this.started();
    try {
      return (await pool.run(input, { filename: task.file.href, name: task.name })) as Output;
    } catch (error) {
      // A task still queued when the pool closed is given back, not failed.
      if (this.closing && isAbort(error)) throw new WorkerPoolClosedError();
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new WorkerOutOfMemoryError();
      throw error;
    }
  }

  /**
   * Stops taking tasks: those still queued are refused (WorkerPoolClosedError), those running
   * finish, then the threads end.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.pool) return;
      const pool = await this.pool;
      await pool.close({ force: true });
    })();
    return this.closing;
  }

  /** Nest's last hook (after HTTP and the job queue closed): nothing is left to run. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private started(): Promise<Piscina> {
    this.pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          minThreads: 0,
          maxThreads: this.options.maxThreads,
          // A thread pays about a second to load jsdom, so it is kept between the uploads of a
          // burst; not much longer, since only its end gives all of its memory back.
          idleTimeout: 10_000,
          resourceLimits: { maxOldGenerationSizeMb: this.options.threadHeapMb ?? THREAD_HEAP_MB },
        }),
    );
    return this.pool;
  }
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || /closed|terminat/i.test(error.message))
  );
}
