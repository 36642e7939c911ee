import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { pushAnalyticsEvent } from './data-layer.js';

describe('analytics data layer (§7, §9)', () => {
  it('pushes the event with its data and a 950 ms event time-out, settling on the callback', async () => {
    const pushed: Array<Record<string, unknown>> = [];
    const done = pushAnalyticsEvent(
      { push: (item: unknown) => pushed.push(item as Record<string, unknown>) },
      'PopupShown',
      { popup: 'black-friday-promo' },
    );
    assert.equal(pushed.length, 1);
    const { eventCallback, ...event } = pushed[0]!;
    assert.deepEqual(event, {
      event: 'PopupShown',
      popup: 'black-friday-promo',
      eventTimeout: 950,
    });
    (eventCallback as () => void)();
    await done;
  });

  it('settles after 1000 ms when the tag manager never calls back, not before', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let settled = false;
      const done = pushAnalyticsEvent({ push: () => 0 }, 'Purchase', {}).then(() => {
        settled = true;
      });
      mock.timers.tick(999);
      await Promise.resolve();
      assert.equal(settled, false);
      mock.timers.tick(1);
      await done;
      assert.equal(settled, true);
    } finally {
      mock.timers.reset();
    }
  });

  it('settles at once when the data layer throws', async () => {
    await pushAnalyticsEvent(
      {
        push: () => {
          throw new Error('blocked');
        },
      },
      'PopupClosed',
      { popup: 'coupon' },
    );
  });
});
