import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters: 19 MiB, 2 iterations, parallelism 1. `@node-rs/argon2`
 * (about 12 ms a hash here, against 21 ms for `argon2`); see docs/decisions.md.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the enum is an ambient const enum, so its value is written out.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords are hashed in Unicode NFC, so that the same password typed on another keyboard or
 * system (composed `é` or `e` + accent) matches. A hash made before NFC (from a password typed in
 * another form) is still tried as typed.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password.normalize('NFC'), ARGON2_OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    const composed = password.normalize('NFC');
    if (await this.matches(passwordHash, composed)) return true;
    return composed !== password && this.matches(passwordHash, password);
  }

  private async matches(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
