/**
 * The render line's rules, pure (issue 32; decision 273). Each customer has a
 * line in PostgreSQL (priority, then first asked first); at most RENDERS_PER_CUSTOMER of theirs
 * are in the render queue at a time, and the queue runs paid plans' renders first, first in first
 * out within one plan. So one customer's thousand renders never stand in front of another's one
 * for longer than one render.
 */

/** Plan ranks (the access level when the render was asked for) taken into account. */
export const MAX_PLAN_RANK = 99;

/** The queue's priority of a render: BullMQ runs lower numbers first; 1 is the best plan's. */
export function renderJobPriority(planRank: number): number {
  const rank = Number.isFinite(planRank) ? Math.trunc(planRank) : 0;
  return 1 + MAX_PLAN_RANK - Math.min(MAX_PLAN_RANK, Math.max(0, rank));
}

/** How many more of a customer's renders may go to the queue now. */
export function freeSlots(inQueue: number, perCustomer: number): number {
  return Math.max(0, perCustomer - inQueue);
}

/** A worker starts a render at most this often (crashes of its process count): then it fails. */
export const MAX_RENDER_STARTS = 5;

/** Progress reaches the row and the browsers at most once a second per render. */
export const PROGRESS_INTERVAL_MS = 1_000;

/** Whether a progress report goes out: the first one at once, then one a second. */
export function progressDue(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= PROGRESS_INTERVAL_MS;
}

/** Where a render's file is kept. */
export function renderFileKey(renderId: string, extension: string): string {
  return `renders/${renderId}.${extension}`;
}
