import { hash, randomBytes, randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 32 lowercase letters and digits (about 165 bits): project ids of the spec's /{id} routes. */
export function newPublicId(length = 32): string {
  let id = '';
  for (let i = 0; i < length; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A random secret token for cookies and links, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A password that passes every composition rule (for the demo customer). */
export function newStrongPassword(): string {
  return `Demo-${randomBytes(6).toString('base64url')}-7a`;
}

/**
 * SHA-256 of a secret token, as stored: sessions, links and codes keep only this, so a leaked
 * table cannot be replayed.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
