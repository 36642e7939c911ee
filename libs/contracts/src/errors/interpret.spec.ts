import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formErrorStatus, interpretError } from './interpret.js';
import { catalogueMessages } from './messages.js';

describe('interpretError (account-and-auth §8)', () => {
  it('uses the server error field for 500, else "Internal server error"', () => {
    assert.equal(interpretError({ status: 500, body: { error: 'Disk full' } }).notice, 'Disk full');
    assert.equal(interpretError({ status: 500, body: {} }).notice, 'Internal server error');
  });

  it('answers 404 with the fixed catalogue text whatever the body says', () => {
    const result = interpretError({ status: 404, body: { error: 'nope' } });
    assert.equal(result.notice, 'Resource could not be found on the server.');
    assert.equal(result.kind, 'not-found');
  });

  it('reads 403 and 409 as error field, else status text, else "403 - Forbidden"', () => {
    assert.equal(interpretError({ status: 403, body: { error: 'No access' } }).notice, 'No access');
    assert.equal(
      interpretError({ status: 409, statusText: 'Conflict', body: {} }).notice,
      'Conflict',
    );
    assert.equal(
      interpretError({ status: 403, statusText: '', body: null }).notice,
      '403 - Forbidden',
    );
  });

  it("shows a 403's known fields on the fields and its error as the notice (§8, e-mail change)", () => {
    const result = interpretError({
      status: 403,
      body: {
        error: 'Password is not correct',
        errors: { password: 'Password is not correct', other: 'x' },
      },
      knownFields: ['password', 'email'],
    });
    assert.equal(result.notice, 'Password is not correct');
    assert.deepEqual(result.fieldErrors, { password: 'Password is not correct' });
    assert.deepEqual(
      interpretError({ status: 409, body: { error: 'Taken', errors: 'x' } }).fieldErrors,
      {},
    );
  });

  it('reads a 409 with field errors like a 403, and never puts the "." notice on a field', () => {
    const result = interpretError({
      status: 409,
      body: { error: 'Taken', errors: { email: 'Taken', '.': 'Elsewhere' } },
      knownFields: ['email', '.'],
    });
    assert.equal(result.kind, 'error');
    assert.equal(result.notice, 'Taken');
    assert.deepEqual(result.fieldErrors, { email: 'Taken' });
    // Only fields the form names: without knownFields nothing lands on a field.
    assert.deepEqual(
      interpretError({ status: 403, body: { error: 'No', errors: { email: 'No' } } }).fieldErrors,
      {},
    );
  });

  it('turns known 422 fields into field errors and the rest into one notice joined with ". "', () => {
    const result = interpretError({
      status: 422,
      body: {
        errors: { email: 'Invalid email address', '.': 'Try later', other: 'Odd' },
        limits: { created: 3 },
      },
      knownFields: ['email'],
    });
    assert.deepEqual(result.fieldErrors, { email: 'Invalid email address' });
    assert.equal(result.notice, 'Try later. Odd');
    assert.deepEqual(result.limits, { created: 3 });
  });

  it('accepts 422 errors as a list or a string', () => {
    assert.equal(interpretError({ status: 422, body: { errors: ['A', 'B'] } }).notice, 'A. B');
    assert.equal(
      interpretError({ status: 422, body: { errors: 'Just this' } }).notice,
      'Just this',
    );
  });

  it('sends 401 to login with the logged-out text', () => {
    const result = interpretError({ status: 401 });
    assert.equal(result.kind, 'logged-out');
    assert.equal(result.notice, 'You have been logged out. Please log in again.');
  });

  it('shows the connection text for no status and nothing for an abort', () => {
    assert.equal(
      interpretError({ status: 0 }).notice,
      'The connection to the server could not be established. Please try again later.',
    );
    const aborted = interpretError({ status: 0, aborted: true });
    assert.equal(aborted.kind, 'aborted');
    assert.equal(aborted.notice, '');
  });

  it('falls back to "Unknown error." for other statuses without a message', () => {
    assert.equal(
      interpretError({ status: 418, body: 'teapot' }).notice,
      catalogueMessages.unknownError,
    );
    assert.equal(interpretError({ status: 429, body: { error: 'Slow down' } }).notice, 'Slow down');
  });
});

describe('formErrorStatus', () => {
  it('keeps 429 and answers every other refusal of a form with 422', () => {
    assert.equal(formErrorStatus(429), 429);
    for (const status of [0, 400, 401, 403, 404, 409, 413, 422, 500, 503]) {
      assert.equal(formErrorStatus(status), 422, String(status));
    }
  });
});
