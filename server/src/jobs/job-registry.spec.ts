import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JobRegistry } from './job-registry.js';

describe('JobRegistry', () => {
  it('hands back exactly one handler per job', async () => {
    const registry = new JobRegistry();
    registry.register('mail.send', async () => 'mail');
    registry.register('maintenance.cleanup', async () => 'cleanup');
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    const handlers = registry.complete();
    assert.deepEqual(Object.keys(handlers).sort(), [
      'auth.password-reset-requested',
      'auth.verification-requested',
      'mail.send',
      'maintenance.cleanup',
      'projects.thumbnail',
      'renders.recover',
      'renders.render',
      'renders.retention',
    ]);
  });

  it('names the jobs without a handler', () => {
    const registry = new JobRegistry();
    registry.register('mail.send', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    assert.throws(() => registry.complete(), {
      message:
        'Job handlers are wrong: no handler for "maintenance.cleanup". Each job in server/src/jobs/job-names.ts needs exactly one handler, registered by its feature module.',
    });
  });

  it('names the jobs with two handlers', () => {
    const registry = new JobRegistry();
    registry.register('mail.send', async () => undefined);
    registry.register('mail.send', async () => undefined);
    registry.register('maintenance.cleanup', async () => undefined);
    registry.register('auth.password-reset-requested', async () => undefined);
    registry.register('auth.verification-requested', async () => undefined);
    registry.register('projects.thumbnail', async () => undefined);
    registry.register('renders.retention', async () => undefined);
    registry.register('renders.render', async () => undefined);
    registry.register('renders.recover', async () => undefined);
    assert.throws(
      () => registry.complete(),
      /Job handlers are wrong: more than one handler for "mail.send"\./,
    );
  });

  it('keeps one schedule per job', () => {
    const registry = new JobRegistry();
    registry.every('maintenance.cleanup', 1000, {});
    registry.every('maintenance.cleanup', 2000, {});
    assert.deepEqual(registry.schedules(), [
      { name: 'maintenance.cleanup', data: {}, everyMs: 2000 },
    ]);
  });
});
