/** mulberry32: a small seeded PRNG, so every run of a fuzz test sends the very same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Rate limits far above what a fuzz run sends, so every request reaches its handler. */
export const FUZZ_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN: '100000/60',
  RATE_LIMIT_REGISTER: '100000/60',
  RATE_LIMIT_RECOVERY: '100000/60',
  RATE_LIMIT_TWO_FACTOR: '100000/60',
  RATE_LIMIT_TWO_FACTOR_CODE: '100000/60',
  RATE_LIMIT_MAIL_RECIPIENT: '100000/60',
};
