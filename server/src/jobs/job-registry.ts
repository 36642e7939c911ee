import { Injectable } from '@nestjs/common';
import { jobQueue, type JobName, type JobPayloads } from './job-names.js';
import type { JobHandler, JobHandlers } from './job-queue.port.js';

export interface JobSchedule {
  name: JobName;
  data: unknown;
  everyMs: number;
}

/**
 * Where feature modules register the handler of each of their jobs (in `onModuleInit`, see
 * mail.jobs.ts). At application bootstrap JobsRunner asks for the complete set: every job name
 * must have exactly one handler, or the application does not start.
 */
@Injectable()
export class JobRegistry {
  private readonly handlers = new Map<JobName, JobHandler>();
  private readonly duplicates = new Set<JobName>();
  private readonly scheduled = new Map<JobName, JobSchedule>();

  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.handlers.has(name)) this.duplicates.add(name);
    // Stored by name; complete() hands each back under the same name.
    else this.handlers.set(name, handler as unknown as JobHandler);
  }

  /** Runs the job every `everyMs` wherever workers run (the first run right away). */
  every<N extends JobName>(name: N, everyMs: number, data: JobPayloads[N]): void {
    this.scheduled.set(name, { name, data, everyMs });
  }

  /** The handlers of all jobs; throws naming every job with no handler or with two. */
  complete(): JobHandlers {
    const missing = (Object.keys(jobQueue) as JobName[]).filter((name) => !this.handlers.has(name));
    const problems: string[] = [];
    if (missing.length > 0)
      problems.push(`no handler for ${missing.map((n) => `"${n}"`).join(', ')}`);
    if (this.duplicates.size > 0) {
      problems.push(
        `more than one handler for ${[...this.duplicates].map((n) => `"${n}"`).join(', ')}`,
      );
    }
    if (problems.length > 0) {
      throw new Error(
        `Job handlers are wrong: ${problems.join('; ')}. Each job in server/src/jobs/job-names.ts needs exactly one handler, registered by its feature module.`,
      );
    }
    return Object.fromEntries(this.handlers) as JobHandlers;
  }

  schedules(): JobSchedule[] {
    return [...this.scheduled.values()];
  }
}
