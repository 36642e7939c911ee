import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { braintreeInvoiceOf } from './braintree-invoice.js';

const plans = new Map([
  ['bt_team_annual', 'team-annual'],
  ['bt_slot_annual', 'team-slot-annual'],
]);
const subscription = {
  id: 'bt_sub_1',
  planId: 'bt_team_annual',
  price: '1080.00',
  billingPeriodStartDate: '2026-03-01',
  billingPeriodEndDate: '2027-02-28',
};
const paidAt = new Date('2026-03-01T10:00:00Z');

describe('a Braintree charge as an invoice (issue 30)', () => {
  it('a whole period: the plan, the seats add-on and the coupon discount as lines', () => {
    const invoice = braintreeInvoiceOf(
      subscription,
      {
        id: 'tx_1',
        amount: '1152.00',
        addOns: [{ id: 'bt_slot_annual', quantity: 1, amount: '360.00' }],
        discounts: [{ id: 'BLACKFRIDAY', quantity: 1, amount: '288.00' }],
      },
      plans,
      paidAt,
    );
    assert.equal(invoice.externalId, 'tx_1');
    assert.equal(invoice.subscriptionExternalId, 'bt_sub_1');
    assert.deepEqual(
      [invoice.subtotalCents, invoice.discountCents, invoice.totalCents, invoice.planId],
      [144000, 28800, 115200, 'team-annual'],
    );
    assert.deepEqual(
      invoice.lines.map((l) => [l.kind, l.description, l.quantity, l.amountCents, l.planId]),
      [
        ['plan', 'team-annual', 1, 108000, 'team-annual'],
        ['seats', 'Extra seats × 1', 1, 36000, 'team-slot-annual'],
        ['coupon', 'Coupon BLACKFRIDAY', 1, -28800, null],
      ],
    );
    assert.equal(invoice.lines[0]!.periodStart?.toISOString(), '2026-03-01T00:00:00.000Z');
  });

  it('a charge of another amount without add-ons is a prorated change, one line', () => {
    const invoice = braintreeInvoiceOf(
      subscription,
      { id: 'tx_2', amount: '123.45' },
      plans,
      paidAt,
    );
    assert.deepEqual(
      invoice.lines.map((l) => [l.kind, l.amountCents]),
      [['proration', 12345]],
    );
    assert.deepEqual([invoice.subtotalCents, invoice.discountCents], [12345, 0]);
  });
});
