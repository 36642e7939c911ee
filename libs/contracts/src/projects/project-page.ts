import { catalogueMessages, ownMessages } from '../errors/messages.js';
import { projectMessages } from './project-messages.js';

/**
 * The project page, the import UI and the welcome tour (issue 17, web part 2). The spec gives
 * the welcome actions and the import refusals (project-messages.ts); the rest are our own
 * words, kept here so the pages and the browser tests read one copy.
 */

/** Page routes of the web app these parts post to (not BFF paths). */
export const projectPagePaths = {
  /** The import action: the no-JavaScript upload form and the JavaScript uploads post here. */
  import: '/projects/import',
  /** The welcome screen's and the tour's forms post here. */
  onboarding: '/projects/onboarding',
} as const;

/** Fields of the import form (page side: `file` may repeat; the BFF takes one per call). */
export const IMPORT_FORM_FIELDS = {
  file: 'file',
  label: 'label',
  redirectTo: 'redirectTo',
} as const;

/**
 * The import action's answer to a JavaScript upload (one file per request). `stopsTheRest`: the
 * files after this one would get the same answer (the slots or the storage are full, or a rate
 * limit was reached), so the upload refuses them with it without sending them.
 */
export type ImportFileResult =
  | { ok: true; id: string; title: string; created: number }
  | { ok: false; message: string; created?: number; stopsTheRest?: true };

export const projectPageTexts = {
  export: 'Export',
  share: 'Share',
  backToDashboard: 'Back to dashboard',
  demoNotice: 'This is a demo project. Make a copy to change it; the demo itself stays as it is.',
  makeCopy: 'Make a copy to edit',
  openDemoFailed: 'The demo project could not be copied.',
} as const;

export const uploadTexts = {
  /** The no-JavaScript form's submit button. */
  submit: 'Upload',
  chooseFiles: 'Choose files to upload',
  dropHere: 'Drop files to upload',
  /** `<progress>`'s label while files go up. */
  uploading: (index: number, count: number) =>
    count === 1 ? 'Uploading 1 file' : `Uploading file ${index} of ${count}`,
  imported: (count: number) => (count === 1 ? 'Project created.' : `${count} projects created.`),
  noFile: 'Choose a file to upload.',
  /** After the names shown of files that got the same refusal. */
  andMore: (count: number) => `and ${count} more`,
} as const;

/** Names listed per refusal in the no-JavaScript upload's notification; the rest are counted. */
const NAMES_PER_REFUSAL = 3;

/**
 * The no-JavaScript upload's one notification (a cookie, so it stays short): 'N projects
 * created.' when all went in; one file's refusal on its own; otherwise the projects created, then
 * each refusal once with the files that got it ('a.svg, b.svg and 38 more: Too many imports…').
 */
export function importSummary(results: ReadonlyArray<{ name: string; refusal: string | null }>): {
  type: 'success' | 'error';
  message: string;
} {
  const created = results.filter((entry) => entry.refusal === null).length;
  if (created === results.length)
    return { type: 'success', message: uploadTexts.imported(created) };
  if (results.length === 1) return { type: 'error', message: results[0]!.refusal! };
  const byRefusal = new Map<string, string[]>();
  for (const { name, refusal } of results) {
    if (refusal !== null) byRefusal.set(refusal, [...(byRefusal.get(refusal) ?? []), name]);
  }
  const parts = [...byRefusal].map(([refusal, names]) => {
    const shown = names.slice(0, NAMES_PER_REFUSAL).join(', ');
    const rest = names.length - NAMES_PER_REFUSAL;
    return `${rest > 0 ? `${shown} ${uploadTexts.andMore(rest)}` : shown}: ${refusal}`;
  });
  return {
    type: 'error',
    message: [...(created > 0 ? [uploadTexts.imported(created)] : []), ...parts].join(' · '),
  };
}

/**
 * The import refusal a customer reads (§5, §8): the spec's three texts, except where the server's
 * own message tells the customer what to do: a limits refusal (422 with `limits.created`), a rate
 * limit (429: how long to wait) and a stopping server (503; issue 29).
 */
export function importFailureMessage(failure: {
  status: number;
  notice: string;
  limits?: { created?: number } | undefined;
}): string {
  if (failure.limits && typeof failure.limits.created === 'number' && failure.notice !== '') {
    return failure.notice;
  }
  if (failure.status === 429 || failure.status === 503) {
    return failure.notice !== '' && failure.notice !== catalogueMessages.unknownError
      ? failure.notice
      : failure.status === 429
        ? ownMessages.tooManyRequests
        : ownMessages.serviceUnavailable;
  }
  if (failure.notice === projectMessages.invalidFileType) return projectMessages.invalidFileType;
  if (failure.notice === projectMessages.tooComplex || failure.status === 413) {
    return projectMessages.tooComplex;
  }
  if (failure.status === 415) return projectMessages.invalidFileType;
  return projectMessages.createFailed;
}

/** The welcome screen (§2 Dialogs) and the 3-step tour (§4 Onboarding, §9). */
export const welcomeTexts = {
  title: 'Welcome to Animata',
  lead: 'Create animated vector graphics and export them as SVG, video or GIF. How would you like to start?',
  tourLabel: 'Tour',
  next: 'Next',
  finish: 'Finish',
  skip: 'Skip tour',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
} as const;

/** The tour's steps, in order (TOUR_STEPS of them). */
export const TOUR_STEP_TEXTS = [
  {
    title: 'Demo projects',
    text: 'These projects show what Animata can do. Open one to see it play; make a copy to change it.',
  },
  {
    title: 'Bring your own files',
    text: 'Upload file imports SVG, PNG, JPEG, GIF and WebP images or an exported project. You can also drop files onto the dashboard.',
  },
  {
    title: 'Keep things tidy',
    text: 'Create folders in the side menu, then move projects into them. Search and sort find them again.',
  },
] as const;

/** The address of the tour's step `step` in the demo folder: the step lives in the URL. */
export const TOUR_PARAM = 'tour';
