import {
  endpoints,
  formErrorStatus,
  IMPORT_FORM_FIELDS,
  importFailureMessage,
  importSummary,
  pagePaths,
  projectMessages,
  uploadTexts,
  type ImportFileResult,
} from '@animata/contracts';
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api, type Api } from '../utils/api.server.js';
import { requireCustomer } from '../utils/auth.server.js';
import { readForm, textField } from '../utils/form.server.js';
import { notify, redirectWithNotification } from '../utils/notification.server.js';
import { returnTo } from '../utils/redirects.js';

/** Nothing to show here: the upload lives on the dashboard. */
export function loader() {
  return redirect(pagePaths.home);
}

/**
 * The import action (projects-dashboard §5, §8). The dashboard's upload posts one file per
 * request with JavaScript and asks for JSON (`ImportFileResult`), so it can show a progress bar
 * per file; without JavaScript the plain form posts every chosen file at once and comes back to
 * the page it was sent from with one notification. Each file goes to the BFF's import on its
 * own: the BFF decides the type from the bytes and enforces every limit.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  await requireCustomer(request, context);
  const read = await readForm(request);
  if (!read.ok) {
    const message = read.status === 413 ? projectMessages.tooComplex : projectMessages.createFailed;
    return wantsJson
      ? data<ImportFileResult>({ ok: false, message }, { status: read.status })
      : redirectWithNotification(pagePaths.home, notify('error', message));
  }
  const form = read.form;
  const back = returnTo(textField(form, IMPORT_FORM_FIELDS.redirectTo));
  const label = textField(form, IMPORT_FORM_FIELDS.label);
  const files = form
    .getAll(IMPORT_FORM_FIELDS.file)
    .filter((value): value is File => typeof value === 'object' && value.size > 0);
  if (files.length === 0) {
    return wantsJson
      ? data<ImportFileResult>(
          { ok: false, message: projectMessages.createFailed },
          { status: 400 },
        )
      : redirectWithNotification(back, notify('error', uploadTexts.noFile));
  }

  const client = api(request, context);
  const results: Array<Imported & { name: string }> = [];
  // Once the slots are full or a rate limit is reached, the files after it get the same answer
  // without being sent.
  let stop: Imported | null = null;
  for (const file of files) {
    const outcome: Imported | Response = stop ?? (await importOne(client, file, label));
    if (outcome instanceof Response) return outcome;
    results.push({ name: file.name, ...outcome });
    if (!outcome.result.ok && outcome.result.stopsTheRest) stop = outcome;
  }

  if (wantsJson) {
    // One file per JavaScript request; a form with several gets the first's answer. A rate
    // limit stays a 429, every other refusal is a 422.
    const first = results[0]!;
    return data<ImportFileResult>(first.result, {
      status: first.result.ok ? 200 : formErrorStatus(first.status),
    });
  }
  const summary = importSummary(
    results.map(({ name, result }) => ({ name, refusal: result.ok ? null : result.message })),
  );
  return redirectWithNotification(back, notify(summary.type, summary.message));
}

/** One file's answer, and the BFF's status for it. */
interface Imported {
  result: ImportFileResult;
  status: number;
}

/** One file through the BFF; a Response only when the session ended (to the login). */
async function importOne(client: Api, file: File, label: string): Promise<Imported | Response> {
  const upload = new FormData();
  upload.append(IMPORT_FORM_FIELDS.file, file, file.name);
  if (label !== '') upload.append(IMPORT_FORM_FIELDS.label, label);
  const result = await client.upload(endpoints.projects.import, upload);
  if (result.ok) {
    return {
      status: result.status,
      result: {
        ok: true,
        id: result.data.project.id,
        title: result.data.project.title,
        created: result.data.limits.created,
      },
    };
  }
  if (result.error.kind === 'logged-out') return client.toLogin(result.headers);
  const created = result.error.limits?.created;
  const full = typeof created === 'number';
  return {
    status: result.status,
    result: {
      ok: false,
      message: importFailureMessage({
        status: result.status,
        notice: result.error.notice,
        limits: result.error.limits,
      }),
      ...(full ? { created } : {}),
      ...(full || result.status === 429 ? { stopsTheRest: true as const } : {}),
    },
  };
}
