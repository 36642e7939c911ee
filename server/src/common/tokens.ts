/** Injection tokens of the resources created before Nest boots (see app/runtime.ts). */
export const CONFIG = Symbol('CONFIG');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
/** The shared ioredis connection, or null when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');
export const LOGGER = Symbol('LOGGER');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
export const FILE_STORAGE = Symbol('FILE_STORAGE');
export const CLOCK = Symbol('CLOCK');
export const RATE_LIMITER = Symbol('RATE_LIMITER');
export const CAPTCHA_VERIFIER = Symbol('CAPTCHA_VERIFIER');
