import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import braintree from 'braintree';
import { mergeStatusReport } from '../subscriptions/billing-ledger.js';
import type { SubscriptionRecord } from '../subscriptions/subscriptions.repository.js';
import { translateBraintreeNotification } from './braintree-notifications.js';

const gateway = new braintree.BraintreeGateway({
  environment: braintree.Environment.Sandbox,
  merchantId: 'merchant',
  publicKey: 'public',
  privateKey: 'private',
});

/** A notification as the SDK's sample makes it and its own parser reads it (no network). */
async function notification(kind: braintree.WebhookNotificationKind, id = 'bt_sub_1') {
  const sample = (await gateway.webhookTesting.sampleNotification(
    kind,
    id,
  )) as braintree.SampleNotification;
  return gateway.webhookNotification.parse(sample.bt_signature, sample.bt_payload);
}

const plans = new Map([['bt_pro_monthly', 'pro-monthly']]);

describe('translateBraintreeNotification', () => {
  it('maps each subscription kind to a status report found by the subscription id', async () => {
    const expected: Array<[braintree.WebhookNotificationKind, string]> = [
      ['subscription_charged_successfully', 'active'],
      ['subscription_went_active', 'active'],
      ['subscription_charged_unsuccessfully', 'past_due'],
      ['subscription_went_past_due', 'past_due'],
      ['subscription_canceled', 'expired'],
      ['subscription_expired', 'expired'],
    ];
    for (const [kind, status] of expected) {
      const { event } = translateBraintreeNotification(await notification(kind), plans, 4);
      assert.equal(event.gateway, 'braintree');
      assert.equal(event.type, kind);
      assert.match(event.id, new RegExp(`^${kind}:bt_sub_1:\\d{4}-`));
      assert.ok(event.effect.kind === 'subscription', kind);
      const s = event.effect.subscription;
      assert.equal(s.status, status, kind);
      assert.equal(s.customerRef, '');
      assert.equal(s.externalId, 'bt_sub_1');
      assert.equal(s.planId, '', 'the sample carries no plan: the stored one stays');
      assert.equal(s.pastDue?.attemptLimit ?? 4, 4);
    }
  });

  it('a successful charge is also a paid invoice of its transaction', async () => {
    const { invoice } = translateBraintreeNotification(
      await notification('subscription_charged_successfully'),
      plans,
      4,
    );
    assert.equal(invoice?.externalId, 'bt_sub_1');
    assert.equal(invoice?.totalCents, 4999);
    assert.equal(invoice?.subscriptionExternalId, 'bt_sub_1');
  });

  it('other kinds have no effect', async () => {
    const { event, invoice } = translateBraintreeNotification(
      await notification('check'),
      plans,
      4,
    );
    assert.equal(event.effect.kind, 'none');
    assert.equal(invoice, null);
  });

  it('the ledger keeps what a status report lacks (mergeStatusReport)', async () => {
    const { event } = translateBraintreeNotification(
      await notification('subscription_went_past_due'),
      plans,
      4,
    );
    assert.ok(event.effect.kind === 'subscription');
    const stored = {
      planId: 'pro-monthly',
      currentPeriodEnd: new Date('2027-01-01T00:00:00Z'),
      cancelAtPeriodEnd: true,
      extraSlots: 2,
      nextCycleSlots: 1,
      scheduledPlanId: null,
      couponCode: 'SPRING',
    } as SubscriptionRecord;
    const merged = mergeStatusReport(stored, event.effect.subscription);
    assert.equal(merged.status, 'past_due');
    assert.equal(merged.planId, 'pro-monthly');
    assert.equal(merged.currentPeriodEnd?.toISOString(), '2027-01-01T00:00:00.000Z');
    assert.equal(merged.extraSlots, 2);
    assert.equal(merged.couponCode, 'SPRING');
    assert.equal(merged.paymentMethod, null);
  });
});
