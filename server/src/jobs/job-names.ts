/**
 * Queue names, job names and payload types in one place (STYLE "Jobs and live updates").
 * Each job has exactly one handler, checked at boot.
 */
export const queues = {
  mail: 'mail',
  renders: 'renders',
  thumbnails: 'thumbnails',
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof queues)[keyof typeof queues];

export interface JobPayloads {
  'mail.send': {
    to: string;
    subject: string;
    text: string;
    html?: string;
  };
  /** Removes expired sessions and other rows past their time. */
  'maintenance.cleanup': Record<string, never>;
  /** A recovery request: mails a reset link if the address has an account. */
  'auth.password-reset-requested': { email: string };
  /** A confirmation request: mails a verification link if the account is unverified. */
  'auth.verification-requested': { email: string };
  /** Writes the static preview of one version of a project's data (issue 17). */
  'projects.thumbnail': { projectId: string; version: number };
  /** Deletes renders past their time and marks those of expired paid plans (issue 32). */
  'renders.retention': Record<string, never>;
  /** Renders one render (issue 32); its job id is the render's id. */
  'renders.render': { renderId: string };
  /** Re-adds the jobs of renders the queue lost and pumps customers' lines (issue 32). */
  'renders.recover': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** Which queue each job runs on. */
export const jobQueue: Record<JobName, QueueName> = {
  'mail.send': queues.mail,
  'maintenance.cleanup': queues.maintenance,
  'auth.password-reset-requested': queues.mail,
  'auth.verification-requested': queues.mail,
  'projects.thumbnail': queues.thumbnails,
  'renders.retention': queues.maintenance,
  'renders.render': queues.renders,
  // Not on the renders queue: a sweep must never wait behind a long render.
  'renders.recover': queues.maintenance,
};
