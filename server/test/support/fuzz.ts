import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';

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

/** null, a NUL and lone surrogates: what every field of every call is sent in turn (issue 28). */
export const HOSTILE_VALUES: readonly unknown[] = [null, 'a\u0000b', '\uD800', 'x\uDFFFy'];

/** A class: a controller or a DTO. */
export type Constructor = abstract new (...args: never[]) => unknown;

/** One route of the BFF and the DTO classes its body and query are validated with. */
export interface RouteInput {
  method: string;
  path: string;
  body: Constructor | null;
  query: Constructor | null;
}

const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];

/**
 * Every route of the booted app's controllers, with the classes its @Body() and @Query() are
 * validated with, read from Nest's and TypeScript's metadata: so a new call or a new field is
 * fuzzed without a test to update.
 */
export function routeInputs(app: INestApplication): RouteInput[] {
  const found: RouteInput[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Constructor | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (method === undefined || paths === undefined) continue;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ??
          []) as Constructor[];
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const classOf = (kind: RouteParamtypes): Constructor | null => {
          const arg = Object.entries(args).find(
            ([key, value]) => key.split(':')[0] === String(kind) && value.data === undefined,
          );
          const type = arg ? types[arg[1].index] : undefined;
          return type && type !== Object && type !== String ? type : null;
        };
        for (const path of Array.isArray(paths) ? paths : [paths]) {
          found.push({
            method: REQUEST_METHODS[method] ?? 'GET',
            path: `/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
            body: classOf(RouteParamtypes.BODY),
            query: classOf(RouteParamtypes.QUERY),
          });
        }
      }
    }
  }
  return found;
}

/**
 * A plausible value for each field of a DTO class, from its validation metadata (the first
 * allowed value, a number within bounds, a string…): the background against which one field
 * at a time gets a hostile value, so that the others pass and the call reaches its service.
 */
export function sampleOf(type: Constructor): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  const metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  for (const property of new Set(metadata.map((item) => item.propertyName))) {
    const rules = metadata.filter((item) => item.propertyName === property);
    const rule = (name: string) => rules.find((item) => item.name === name);
    const allowed = rule('isIn')?.constraints[0] as unknown[] | undefined;
    const min = rule('min')?.constraints[0] as number | undefined;
    if (allowed?.length) sample[property] = allowed[0];
    else if (rule('isEmail')) sample[property] = 'ada@example.com';
    else if (rule('isInt') || rule('isNumber')) sample[property] = min ?? 1;
    else if (rule('isBoolean')) sample[property] = true;
    else if (rule('isArray')) sample[property] = ['x'];
    else if (rule('isObject')) sample[property] = {};
    else sample[property] = 'Correct-Horse-7';
  }
  return sample;
}

/**
 * A URL component by hand, so that a lone surrogate reaches the server as the bytes of its
 * (invalid) UTF-8 encoding instead of making encodeURIComponent throw.
 */
export function encodeRawComponent(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const pairs = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pairs) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else encoded += encodeURIComponent(text[i]!);
  }
  return encoded;
}

/** The fields of a DTO class with a fixed set of values (@IsIn), and those values. */
export function choicesOf(type: Constructor): Record<string, unknown[]> {
  const choices: Record<string, unknown[]> = {};
  for (const item of getMetadataStorage().getTargetValidationMetadatas(type, '', true, false)) {
    if (item.name === 'isIn' && Array.isArray(item.constraints[0]))
      choices[item.propertyName] = item.constraints[0] as unknown[];
  }
  return choices;
}

/**
 * The bodies that give one field of a DTO a hostile value: beside plausible values of the other
 * fields, alone, and beside each choice of each field that has a fixed set of values (an
 * `action` decides which other fields are read: `{"action":"step","step":null}`).
 */
export function hostileBodies(type: Constructor): Array<Record<string, unknown>> {
  const sample = sampleOf(type);
  const choices = Object.entries(choicesOf(type));
  const bodies: Array<Record<string, unknown>> = [];
  for (const field of Object.keys(sample)) {
    for (const hostile of HOSTILE_VALUES) {
      bodies.push({ ...sample, [field]: hostile }, { [field]: hostile });
      for (const [choiceField, values] of choices) {
        if (choiceField === field) continue;
        for (const value of values) bodies.push({ [choiceField]: value, [field]: hostile });
      }
    }
  }
  return bodies;
}
