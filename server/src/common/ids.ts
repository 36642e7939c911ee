import { randomBytes, randomFillSync, randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 32 lowercase letters and digits (about 165 bits): project ids of the spec's /{id} routes. */
export function newPublicId(length = 32): string {
  let id = '';
  for (let i = 0; i < length; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

// Token bytes come from one 4 KiB fill, each byte handed out once, as node's randomUUID does with
// its own cache: a call to the random generator costs the same for 32 bytes as for 4096 (about
// 2 µs warm, 14 µs on a login's cold path), so a login's two tokens now cost a fraction of one.
const RANDOM_POOL_SIZE = 4096;
const randomPool = Buffer.alloc(RANDOM_POOL_SIZE);
let randomPoolOffset = RANDOM_POOL_SIZE;

function randomSlice(bytes: number): Buffer {
  if (bytes > RANDOM_POOL_SIZE / 4) return randomBytes(bytes);
  if (randomPoolOffset + bytes > RANDOM_POOL_SIZE) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const slice = randomPool.subarray(randomPoolOffset, randomPoolOffset + bytes);
  randomPoolOffset += bytes;
  return slice;
}

/** A random secret token for cookies and links, URL-safe. */
export function newToken(bytes = 32): string {
  return randomSlice(bytes).toString('base64url');
}

/** A password that passes every composition rule (for the demo customer). */
export function newStrongPassword(): string {
  return `Demo-${randomBytes(6).toString('base64url')}-7a`;
}
