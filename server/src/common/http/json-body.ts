import { ownMessages } from '@animata/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { CommonException } from '../errors/common.exception.js';

/** No request of ours nests deeper; real bodies stay under 5. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read byte by byte without
 * parsing (so a megabyte of `[[[[…` costs a scan, not a parse and a stack overflow later).
 */
export function nestsDeeperThan(json: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

// A NUL (PostgreSQL refuses it in text and jsonb) or a lone UTF-16 surrogate (not text at all;
// validators throw on it). With the u flag, a surrogate pair is one code point and never matches.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN = /[\u0000\uD800-\uDFFF]/u;

/** Whether any string of a parsed body, key or value, holds a character no field may hold. */
export function holdsForbiddenCharacters(value: unknown): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (Array.isArray(value)) return value.some(holdsForbiddenCharacters);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => FORBIDDEN.test(key) || holdsForbiddenCharacters(item),
    );
  }
  return false;
}

/**
 * The BFF's JSON parser: bodies larger than `limitBytes` get 413 before they are read whole,
 * deeper than MAX_JSON_DEPTH get 400 before they are parsed, and bodies holding a NUL or a lone
 * surrogate get 400 before they reach validation. Then Fastify's own parser (prototype poisoning
 * refused) does the parse.
 */
export function useJsonBodyParser(app: NestFastifyApplication, limitBytes: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>(
    'application/json',
    { bodyLimit: limitBytes },
    (request, body, done) => {
      if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
        done(CommonException.badRequest(ownMessages.tooDeep), undefined);
        return;
      }
      parse(request, body.toString('utf8'), (error, parsed) => {
        if (error) done(error, undefined);
        else if (holdsForbiddenCharacters(parsed))
          done(CommonException.badRequest(ownMessages.forbiddenCharacters), undefined);
        else done(null, parsed);
      });
    },
  );
}
