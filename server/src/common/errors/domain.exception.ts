import type { FieldErrors } from '@animata/contracts';

/**
 * Base of every feature's exception. A feature declares its codes as an enum and maps each to
 * an HTTP status; the global filter turns it into the catalogue body. Messages shown to users
 * come from libs/contracts.
 */
export abstract class DomainException extends Error {
  abstract readonly status: number;

  protected constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
    /** For 429s: when to try again, sent as Retry-After. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
