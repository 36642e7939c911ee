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
}
export type JobName = keyof JobPayloads;

/** Which queue each job runs on. */
export const jobQueue: Record<JobName, QueueName> = {
  'mail.send': queues.mail,
  'maintenance.cleanup': queues.maintenance,
};
