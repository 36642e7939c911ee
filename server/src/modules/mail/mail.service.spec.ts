import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AddJobOptions, JobQueue } from '../../jobs/job-queue.port.js';
import { MailService } from './mail.service.js';

function recordingQueue() {
  const added: Array<{ name: string; data: unknown; options: AddJobOptions | undefined }> = [];
  const queue = {
    add: async (name: string, data: unknown, options?: AddJobOptions) => {
      added.push({ name, data, options });
      return { id: '1' };
    },
  } as unknown as JobQueue;
  return { queue, added };
}

describe('MailService', () => {
  it('queues mail.send instead of sending in the request', async () => {
    const { queue, added } = recordingQueue();
    await new MailService(queue).send({
      to: ' ann@example.com ',
      subject: 'Hi\r\nBcc: x@evil.test',
      text: 'Body',
      html: '<p>Body</p>',
    });
    assert.deepEqual(added, [
      {
        name: 'mail.send',
        data: {
          to: 'ann@example.com',
          subject: 'Hi Bcc: x@evil.test',
          text: 'Body',
          html: '<p>Body</p>',
        },
        options: {},
      },
    ]);
  });

  it('turns a dedupe key into the job id, so the same mail is queued once', async () => {
    const { queue, added } = recordingQueue();
    await new MailService(queue).send(
      { to: 'a@example.com', subject: 's', text: 't' },
      { dedupeKey: 'verify-42' },
    );
    assert.deepEqual(added[0]?.options, { jobId: 'mail.verify-42' });
  });

  it('refuses anything but exactly one recipient', async () => {
    const { queue, added } = recordingQueue();
    const service = new MailService(queue);
    for (const to of ['', 'a@example.com, b@example.com', 'a@example.com\r\nBcc: b@example.com']) {
      await assert.rejects(service.send({ to, subject: 's', text: 't' }), /exactly one recipient/);
    }
    assert.equal(added.length, 0);
  });
});
