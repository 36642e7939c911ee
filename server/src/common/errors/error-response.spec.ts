import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundException } from '@nestjs/common';
import { IsEmail, IsString, MinLength, validate } from 'class-validator';
import { CommonException } from './common.exception.js';
import { toErrorResponse } from './error-response.js';
import { toFieldErrors } from './validation.js';
import { DomainException } from './domain.exception.js';

/** A feature's 403 that names fields, as the e-mail change throws it. */
class RefusedWithFields extends DomainException {
  readonly status = 403;
  constructor(message: string, fieldErrors: Record<string, string>) {
    super('REFUSED', message, fieldErrors);
  }
}

class ExampleDto {
  @IsEmail({}, { message: 'Invalid email address' })
  email!: string;

  @IsString()
  @MinLength(6, { message: 'Password must be at least 8 characters long' })
  password!: string;
}

describe('toErrorResponse', () => {
  it('answers a denial as the catalogue 404', () => {
    const { status, body } = toErrorResponse(CommonException.notFound(), 'req-1');
    assert.equal(status, 404);
    assert.deepEqual(body, {
      error: 'Resource could not be found on the server.',
      requestId: 'req-1',
    });
  });

  it('answers validation with errors keyed by field', () => {
    const { status, body } = toErrorResponse(
      CommonException.validation({ email: 'Invalid email address' }),
      'r',
    );
    assert.equal(status, 422);
    assert.deepEqual(body.errors, { email: 'Invalid email address' });
  });

  it('puts a notice under "."', () => {
    const { body } = toErrorResponse(CommonException.notice('Try again later'), 'r');
    assert.deepEqual(body.errors, { '.': 'Try again later' });
  });

  it('answers 403 and 409 with the error field', () => {
    assert.deepEqual(toErrorResponse(CommonException.forbidden('No'), 'r').body.error, 'No');
    assert.equal(toErrorResponse(CommonException.conflict('Taken'), 'r').status, 409);
  });

  it('sends the field errors of a refusal other than 422 beside its error', () => {
    const refusal = new RefusedWithFields('Password is not correct', {
      password: 'Password is not correct',
    });
    const { status, body } = toErrorResponse(refusal, 'r');
    assert.equal(status, 403);
    assert.equal(body.error, 'Password is not correct');
    assert.deepEqual(body.errors, { password: 'Password is not correct' });
  });

  it('answers a missing session with 401', () => {
    assert.equal(toErrorResponse(CommonException.unauthenticated(), 'r').status, 401);
  });

  it('maps Nest route misses to the catalogue 404', () => {
    const { status, body } = toErrorResponse(new NotFoundException('Cannot GET /x'), 'r');
    assert.equal(status, 404);
    assert.equal(body.error, 'Resource could not be found on the server.');
  });

  it('never leaks the message of an unexpected error', () => {
    const response = toErrorResponse(new Error('password=hunter2 at db'), 'r');
    assert.equal(response.status, 500);
    assert.equal(response.body.error, 'Internal server error');
    assert.equal(response.unexpected, true);
  });

  it('reads a malformed JSON body as 400 with a clear text', () => {
    const error = Object.assign(new Error('bad'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    const response = toErrorResponse(error, 'r');
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'The request body is not valid JSON.');
  });
});

describe('toFieldErrors', () => {
  it('keeps one message per field with the DTO messages', async () => {
    const dto = Object.assign(new ExampleDto(), { email: 'nope', password: 'abc' });
    const errors = toFieldErrors(await validate(dto, { stopAtFirstError: true }));
    assert.deepEqual(errors, {
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters long',
    });
  });
});
