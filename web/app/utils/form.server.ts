import { BODY_TOO_LARGE_CODE, ownMessages } from '@animata/contracts';
import { data } from '@remix-run/node';

/** The bodies a page form sends: a browser's plain and multipart forms. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** A posted form, or why it could not be read (the form comes back with the notice). */
export type FormRead =
  { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; notice: string };

/**
 * Every page action reads its form through here, never request.formData() itself: a body of
 * another type, a broken multipart body or one the bridge cut at the form limit becomes a 4xx
 * the page answers with its form and a notice, not a 500 (issue 15, item 4).
 */
export async function readForm(request: Request): Promise<FormRead> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    return { ok: false, status: 415, notice: ownMessages.formUnreadable };
  }
  try {
    return { ok: true, form: await request.formData() };
  } catch (error) {
    if (isTooLarge(error)) return { ok: false, status: 413, notice: ownMessages.payloadTooLarge };
    return { ok: false, status: 400, notice: ownMessages.formUnreadable };
  }
}

function isTooLarge(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as Error & { code?: unknown }).code === BODY_TOO_LARGE_CODE) return true;
  }
  return false;
}

/** The action's answer to a form it could not read: the page again, with the notice. */
export function formRefused(read: Extract<FormRead, { ok: false }>) {
  return data({ notice: read.notice }, { status: read.status });
}

/** A field's text; a missing field or a file counts as empty. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A field's file; null when the field is missing, text, or an empty file (nothing chosen). */
export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return typeof value === 'object' && value !== null && value.size > 0 ? value : null;
}
