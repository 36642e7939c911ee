import { randomBytes, randomInt } from 'node:crypto';

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
