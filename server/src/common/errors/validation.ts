import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldErrors } from '@animata/contracts';
import { CommonException } from './common.exception.js';

/** Flattens class-validator errors to the catalogue's map: one message per field, dotted paths. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const key = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0 && !(key in result)) result[key] = messages[messages.length - 1]!;
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, key));
  }
  return result;
}

/** The global pipe: unknown properties are refused, input is transformed to the DTO classes. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => CommonException.validation(toFieldErrors(errors)),
  });
}
