import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage, type ValidatorOptions } from 'class-validator';
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

/** class-validator's name for @IsOptional's metadata. */
const IS_OPTIONAL = 'isOptional';

/**
 * Stands in for a null during validation: not null or undefined, so @IsOptional lets the field's
 * validators run, and of no type they accept (a symbol is no string, number, boolean or object).
 */
const NULL_STAND_IN = Symbol('null');

/** A class, as class-validator keys its metadata. */
type Constructor = abstract new (...args: never[]) => unknown;

/** The properties of a DTO class marked @IsOptional, per class (metadata never changes). */
const optionalProperties = new Map<Constructor, ReadonlySet<string>>();
function optionalPropertiesOf(type: Constructor): ReadonlySet<string> {
  let found = optionalProperties.get(type);
  if (!found) {
    found = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((metadata) => metadata.name === IS_OPTIONAL)
        .map((metadata) => metadata.propertyName),
    );
    optionalProperties.set(type, found);
  }
  return found;
}

/**
 * Replaces, in place, every null of a property marked @IsOptional (nested DTOs too) by the
 * stand-in, and returns how to put the nulls back. @IsOptional skips null as well as a missing
 * field, and services read "optional" as "a string when present": `{"name": null}` reached
 * `.trim()` and answered 500. Optional means "may be left out"; a field that may be null says
 * so with @ValidateIf (the folder fields), which this leaves alone.
 */
function standInForOptionalNulls(value: unknown, seen = new Set<object>()): () => void {
  const undo: Array<() => void> = [];
  const visit = (item: unknown) => {
    if (item === null || typeof item !== 'object' || seen.has(item)) return;
    seen.add(item);
    const optional = Array.isArray(item)
      ? null
      : optionalPropertiesOf(item.constructor as Constructor);
    for (const [key, child] of Object.entries(item)) {
      if (child === null && optional?.has(key)) {
        const record = item as Record<string, unknown>;
        record[key] = NULL_STAND_IN;
        undo.push(() => {
          record[key] = null;
        });
      } else visit(child);
    }
  };
  visit(value);
  return () => {
    for (const restore of undo) restore();
  };
}

/**
 * The global pipe: unknown properties are refused, input is transformed to the DTO classes, and
 * null is refused where a field may only be left out (its own type message, 422).
 */
class BodyValidationPipe extends ValidationPipe {
  protected override async validate(
    object: object,
    validatorOptions?: ValidatorOptions,
  ): Promise<ValidationError[]> {
    const restoreNulls = standInForOptionalNulls(object);
    try {
      return await super.validate(object, validatorOptions);
    } finally {
      restoreNulls();
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BodyValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => CommonException.validation(toFieldErrors(errors)),
  });
}
