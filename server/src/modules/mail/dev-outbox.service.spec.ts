import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommonException } from '../../common/errors/common.exception.js';
import { loadConfig } from '../../config/config.js';
import { DevOutboxService } from './dev-outbox.service.js';
import type { OutboxRepository } from './outbox.repository.js';

function fakeOutbox() {
  const calls: string[] = [];
  const outbox = {
    newest: async (limit: number) => {
      calls.push(`newest ${limit}`);
      return [
        {
          id: 'b7c1',
          recipient: 'ann@example.com',
          subject: 'Welcome',
          textBody: 'Hello',
          htmlBody: null,
          createdAt: new Date('2026-11-03T14:05:09.123Z'),
        },
      ];
    },
    clear: async () => {
      calls.push('clear');
    },
  } as unknown as OutboxRepository;
  return { outbox, calls };
}

describe('DevOutboxService', () => {
  it('lists the newest 50 mails in the contract shape', async () => {
    const { outbox, calls } = fakeOutbox();
    const service = new DevOutboxService(loadConfig({ NODE_ENV: 'development' }), outbox);
    assert.deepEqual(await service.list(), {
      items: [
        {
          id: 'b7c1',
          to: 'ann@example.com',
          subject: 'Welcome',
          text: 'Hello',
          html: null,
          createdAt: '2026-11-03T14:05:09.123Z',
        },
      ],
    });
    assert.deepEqual(calls, ['newest 50']);
  });

  it('does not exist in production: list and clear answer the catalogue 404', async () => {
    const { outbox, calls } = fakeOutbox();
    const service = new DevOutboxService(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://animata.example' }),
      outbox,
    );
    for (const call of [() => service.list(), () => service.clear()]) {
      await assert.rejects(call(), (error: unknown) => {
        assert.ok(error instanceof CommonException);
        assert.equal(error.status, 404);
        assert.equal(error.message, 'Resource could not be found on the server.');
        return true;
      });
    }
    assert.deepEqual(calls, []);
  });
});
