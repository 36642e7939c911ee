import type { AppLogger } from '../common/logger.js';
import type { AddJobOptions } from './job-queue.port.js';
import { jobQueue, type JobName, type QueueName } from './job-names.js';

/**
 * Job ids, retries, backoff and retention, decided in one place for both adapters
 * (STYLE "Jobs and live updates"). The BullMQ adapter turns the result into BullMQ job options;
 * the in-process runner follows the same numbers.
 */
export interface ResolvedJobOptions {
  queue: QueueName;
  /** Only set when the caller asked for one (idempotent enqueue). */
  jobId: string | null;
  delayMs: number;
  /** Total tries including the first. */
  attempts: number;
  /** Wait before try n+1 is backoffMs * 2^(n-1): exponential, as BullMQ's 'exponential'. */
  backoffMs: number;
  /** 0 when none was asked for (runs before the prioritised jobs, as in BullMQ). */
  priority: number;
  /** False: the id is forgotten as soon as the job finishes (jobKeepsNothing). */
  keepFinished: boolean;
}

/** Tries and backoff of each job unless the caller says otherwise. */
export const jobDefaults: Record<JobName, { attempts: number; backoffMs: number }> = {
  // A mail server that is down for a few minutes must not lose the mail: 6 tries over ~30 min.
  'mail.send': { attempts: 6, backoffMs: 60_000 },
  // Runs again on the next hour anyway.
  'maintenance.cleanup': { attempts: 1, backoffMs: 1_000 },
  // A database hiccup must not lose a reset link; the mail job then retries on its own.
  'auth.password-reset-requested': { attempts: 3, backoffMs: 5_000 },
  'auth.verification-requested': { attempts: 3, backoffMs: 5_000 },
  // A storage or database hiccup must not leave a card without its preview for good.
  'projects.thumbnail': { attempts: 4, backoffMs: 2_000 },
  // A crashed Chromium or a storage hiccup gets two more tries (issue 32).
  'renders.render': { attempts: 3, backoffMs: 5_000 },
  // Runs again the next minute anyway.
  'renders.recover': { attempts: 1, backoffMs: 1_000 },
  // Runs again on the next hour anyway.
  'renders.retention': { attempts: 1, backoffMs: 1_000 },
};

/**
 * Jobs whose ids are forgotten when they finish: their row in PostgreSQL is the truth (a render
 * renders only while its row is active), so a finished id must not block the recovery sweep from
 * adding the job again (decision 272).
 */
export const jobKeepsNothing: ReadonlySet<JobName> = new Set<JobName>(['renders.render']);

/** BullMQ's highest priority number. */
export const MAX_JOB_PRIORITY = 2_097_152;

/** Jobs one worker runs at the same time on each queue (options.concurrency overrides all). */
export const queueConcurrency: Record<QueueName, number> = {
  mail: 5,
  renders: 1,
  thumbnails: 2,
  maintenance: 1,
};

/**
 * How long finished jobs are kept, so Redis does not grow forever. While a job is kept its id
 * stays taken: adding the same jobId again does nothing (both adapters).
 */
export const retention = {
  completed: { ageSeconds: 60 * 60, count: 1_000 },
  failed: { ageSeconds: 7 * 24 * 60 * 60, count: 5_000 },
} as const;

/** Entries kept in each queue's event stream (BullMQ). */
export const EVENT_STREAM_MAX_LENGTH = 2_000;

/** Custom ids: no ':' (BullMQ's key separator) and never all digits (its own ids are numbers). */
const JOB_ID_PATTERN = /^[A-Za-z0-9._@+=-]{1,200}$/;

export class InvalidJobOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJobOptionsError';
  }
}

export function resolveJobOptions(name: JobName, options: AddJobOptions = {}): ResolvedJobOptions {
  const queue = jobQueue[name];
  if (!queue) throw new InvalidJobOptionsError(`Unknown job "${String(name)}".`);
  const defaults = jobDefaults[name];
  const jobId = options.jobId ?? null;
  if (jobId !== null && (!JOB_ID_PATTERN.test(jobId) || /^\d+$/.test(jobId))) {
    throw new InvalidJobOptionsError(
      `Job id ${JSON.stringify(jobId)} of "${name}" must be 1 to 200 letters, digits or ._@+=- and not only digits.`,
    );
  }
  const attempts = options.attempts ?? defaults.attempts;
  const backoffMs = options.backoffMs ?? defaults.backoffMs;
  const delayMs = options.delayMs ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new InvalidJobOptionsError(`attempts of "${name}" must be a whole number of at least 1.`);
  }
  if (!Number.isFinite(backoffMs) || backoffMs < 0 || !Number.isFinite(delayMs) || delayMs < 0) {
    throw new InvalidJobOptionsError(`delayMs and backoffMs of "${name}" must not be negative.`);
  }
  const priority = options.priority ?? 0;
  if (!Number.isInteger(priority) || priority < 0 || priority > MAX_JOB_PRIORITY) {
    throw new InvalidJobOptionsError(
      `priority of "${name}" must be a whole number from 1 to ${MAX_JOB_PRIORITY}.`,
    );
  }
  return {
    queue,
    jobId,
    delayMs: Math.round(delayMs),
    attempts,
    backoffMs: Math.round(backoffMs),
    priority,
    keepFinished: !jobKeepsNothing.has(name),
  };
}

/** The wait after the given failed try (1-based) before the next one. */
export function backoffDelay(backoffMs: number, failedAttempt: number): number {
  return Math.round(backoffMs * 2 ** (failedAttempt - 1));
}

/** Job data and results cross a JSON boundary in Redis; the in-process runner does the same. */
export function toJson<T>(value: T): T {
  return value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value)) as T);
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Closed queues refuse new jobs with this text (both adapters). */
export const QUEUE_CLOSED_MESSAGE = 'The job queue is closed.';

/** Progress is a whole percent from 0 to 100. */
export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/** What the adapters log through (pino in the app). */
export type QueueLogger = Pick<AppLogger, 'warn' | 'error'>;
