import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cardFormMessages,
  formatCardNumber,
  formatExpiry,
  validateSandboxCard,
} from './card-form.js';

const now = new Date('2026-11-25T12:00:00Z');

describe('the sandbox card form', () => {
  it("maps Stripe's three test cards to their test payment-method ids", () => {
    const card = (number: string) =>
      validateSandboxCard({ number, expiry: '12 / 30', cvc: '123' }, now).source;
    assert.equal(card('4242 4242 4242 4242'), 'pm_card_visa');
    assert.equal(card('4000 0027 6000 3184'), 'pm_card_threeDSecure2Required');
    assert.equal(card('4000000000000002'), 'pm_card_chargeDeclined');
  });

  it("gives Stripe's messages for an incomplete or invalid card, and refuses other numbers", () => {
    const errors = (number: string, expiry: string, cvc: string) =>
      validateSandboxCard({ number, expiry, cvc }, now).errors;
    assert.deepEqual(errors('4242', '1', ''), {
      number: cardFormMessages.numberIncomplete,
      expiry: cardFormMessages.expiryIncomplete,
      cvc: cardFormMessages.cvcIncomplete,
    });
    assert.equal(
      errors('4242 4242 4242 4241', '12/30', '123').number,
      cardFormMessages.numberInvalid,
    );
    assert.equal(
      errors('5555 5555 5555 4444', '12/30', '123').number,
      cardFormMessages.numberNotTestCard,
    );
    assert.equal(
      errors('4242424242424242', '13 / 30', '123').expiry,
      cardFormMessages.expiryInvalid,
    );
    assert.equal(
      errors('4242424242424242', '12 / 25', '123').expiry,
      cardFormMessages.expiryYearPast,
    );
    assert.equal(errors('4242424242424242', '10 / 26', '123').expiry, cardFormMessages.expiryPast);
    assert.deepEqual(errors('4242424242424242', '11 / 26', '1234'), {});
    assert.equal(validateSandboxCard({ number: '4242', expiry: '', cvc: '' }, now).source, null);
  });

  it('formats the number in fours and the expiry as MM / YY', () => {
    assert.equal(formatCardNumber('4242424242424242999'), '4242 4242 4242 4242');
    assert.equal(formatExpiry('1230'), '12 / 30');
    assert.equal(formatExpiry('1'), '1');
  });
});
