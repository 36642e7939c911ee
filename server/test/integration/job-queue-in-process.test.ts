import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';
import { jobQueueContract } from './job-queue.contract.js';
import { quietLogger } from '../support/logger.js';

jobQueueContract('in-process (embedded default)', {
  open: async () => new InProcessJobQueue(quietLogger()),
});
