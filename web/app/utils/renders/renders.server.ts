import {
  endpoints,
  pagePaths,
  RENDER_ACTIVE_STATUSES,
  RENDER_INTENTS,
  RENDER_PARAMS,
  renderInputErrors,
  renderPageTexts,
  renderTexts,
  type RenderExport,
  type RenderInputField,
  type RenderListResponse,
} from '@animata/contracts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { withListParams } from '../../components/dashboard/view.js';
import { api } from '../api.server.js';
import { pageSizeOf } from '../page-size.server.js';
import { readForm, textField } from '../form.server.js';
import { notify, redirectWithNotification } from '../notification.server.js';
import { fieldOfMessage, formValuesFrom, formValuesOf, jobInputOf } from './render-form.js';
import {
  renderDialogOf,
  renderListStateOf,
  type ExportActionError,
  type ExportDialogData,
  type RenderDialogState,
  type RenderListState,
  type RenderShareData,
} from './render-view.js';

/**
 * The jobs the Render jobs section lists: the active statuses and failed ones with their reason
 * (decision 297: failed jobs stay listed until deleted, aborted ones leave).
 */
export const JOB_STATUSES = [...RENDER_ACTIVE_STATUSES, 'failed'].join(',');
/** The jobs section is not paged: a customer's jobs are few (their slots). */
export const JOBS_ROWS = 100;

export interface RendersPageData {
  jobs: RenderExport[];
  completed: RenderListResponse;
  state: RenderListState;
  rows: number;
  dialog: RenderDialogState | null;
  /** The renders the dialog is about (details of one, or the ones a bulk delete removes). */
  dialogRenders: RenderExport[];
  /** Whether any job is still moving (without JavaScript the page refreshes itself then). */
  active: boolean;
}

export async function loadRendersPage(
  request: Request,
  context: AppLoadContext,
): Promise<RendersPageData> {
  const url = new URL(request.url);
  const state = renderListStateOf(url.searchParams);
  const rows = pageSizeOf(request);
  const client = api(request, context);
  const dialog = renderDialogOf(url.searchParams);
  const [jobs, completed] = await Promise.all([
    client.expect(
      client.call(endpoints.renders.list, undefined, {
        query: { jobStatus: JOB_STATUSES, rows: JOBS_ROWS, page: 1, sort_by: 'date_desc' },
      }),
    ),
    client.expect(
      client.call(endpoints.renders.list, undefined, {
        query: {
          jobStatus: 'done',
          rows,
          page: state.page,
          titleSearchFilter: state.q || undefined,
          sort_by: state.sort,
        },
      }),
    ),
  ]);
  const pages = Math.max(1, Math.ceil(completed.pagination.totalFiles / Math.max(1, rows)));
  if (state.page > pages) throw redirect(withListParams(url, { page: pages === 1 ? null : pages }));
  let dialogRenders: RenderExport[] = [];
  if (dialog) {
    const listed = [...jobs.data, ...completed.data];
    dialogRenders = await Promise.all(
      dialog.ids.map(async (id) => {
        const known = listed.find((render) => render.id === id);
        if (known && dialog.name === 'delete') return known;
        return client.expect(client.call(endpoints.renders.details, undefined, { params: { id } }));
      }),
    );
  }
  const active = jobs.data.some((job) => job.job.status !== 'failed');
  return { jobs: jobs.data, completed, state, rows, dialog, dialogRenders, active };
}

/** The address a post on the renders screen returns to: the list as it was, no dialog. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete(RENDER_PARAMS.show);
  url.searchParams.delete(RENDER_PARAMS.render);
  url.searchParams.delete('index');
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** Whether a posted form is one of the renders screen's (read from a copy). */
export async function postsToRenders(request: Request): Promise<boolean> {
  const read = await readForm(request.clone());
  if (!read.ok) return false;
  const intent = read.form.get('intent');
  return (
    typeof intent === 'string' &&
    (Object.values(RENDER_INTENTS) as string[]).includes(intent) &&
    intent !== RENDER_INTENTS.create
  );
}

/** Abort, delete (one or many), priority and share: a post and a redirect back with a notice. */
export async function rendersAction(request: Request, context: AppLoadContext) {
  const read = await readForm(request);
  const back = backTo(request);
  if (!read.ok) return redirectWithNotification(back, notify('error', read.notice));
  const { form } = read;
  const client = api(request, context);
  const id = textField(form, 'render');
  const fail = (failure: { error: { kind: string; notice: string }; headers: Headers }) => {
    if (failure.error.kind === 'logged-out') throw client.toLogin(failure.headers);
    return redirectWithNotification(back, notify('error', failure.error.notice));
  };
  switch (textField(form, 'intent')) {
    case RENDER_INTENTS.abort: {
      const result = await client.call(endpoints.renders.abort, undefined, { params: { id } });
      if (!result.ok) return fail(result);
      return redirectWithNotification(back, notify('success', renderTexts.renderAborted));
    }
    case RENDER_INTENTS.delete: {
      const ids = id
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      const result =
        ids.length === 1
          ? await client.call(endpoints.renders.delete, undefined, { params: { id: ids[0]! } })
          : await client.call(endpoints.renders.deleteMany, { ids });
      if (!result.ok) return fail(result);
      return redirectWithNotification(back, notify('success', renderTexts.rendersDeleted));
    }
    case RENDER_INTENTS.priority: {
      const priority = Number(textField(form, 'priority'));
      const result = await client.call(
        endpoints.renders.setPriority,
        { priority: Number.isInteger(priority) ? priority : 0 },
        { params: { id } },
      );
      if (!result.ok) return fail(result);
      return redirectWithNotification(back, notify('success', renderTexts.priorityChanged));
    }
    case RENDER_INTENTS.share: {
      const result = await client.call(endpoints.renders.share, undefined, { params: { id } });
      if (!result.ok) return fail(result);
      const shareUrl = new URL(result.data.shareUrl, context.publicOrigin).href;
      // With JavaScript the page copies the link itself and says so (§8).
      if (textField(form, 'scripted') === '1') {
        return data<RenderShareData>({ intent: RENDER_INTENTS.share, shareUrl });
      }
      // Without, the link is the notice: the visitor copies it from there (decision 300).
      return redirectWithNotification(
        back,
        notify('info', renderPageTexts.shareNotice(shareUrl), { timeout: 120_000 }),
      );
    }
    default:
      return redirectWithNotification(back, notify('error', renderTexts.failed));
  }
}

export async function loadExportDialog(
  request: Request,
  context: AppLoadContext,
): Promise<ExportDialogData | null> {
  const projectId = new URL(request.url).searchParams.get(RENDER_PARAMS.export);
  if (!projectId) return null;
  const client = api(request, context);
  const options = await client.expect(
    client.call(endpoints.renders.options, undefined, { params: { id: projectId } }),
  );
  return { options, values: formValuesOf(options.defaults, options.project.title) };
}

/** Whether a posted form is the Export dialog's (read from a copy). */
export async function postsToExport(request: Request): Promise<boolean> {
  const read = await readForm(request.clone());
  return read.ok && read.form.get('intent') === RENDER_INTENTS.create;
}

/**
 * The Export dialog's post: the input is checked against the plan's caps first (the same rules
 * the dialog checks live), then the BFF decides; a start goes to My renders with the notice, a
 * refusal answers 422 with the message beside its field.
 */
export async function exportAction(request: Request, context: AppLoadContext) {
  const read = await readForm(request);
  if (!read.ok) return data({ notice: read.notice }, { status: read.status });
  const { form } = read;
  const projectId = textField(form, 'project');
  const values = formValuesFrom(form);
  const client = api(request, context);
  const refuse = (
    fieldErrors: Partial<Record<RenderInputField, string>>,
    notice = '',
    upgrade = false,
    status = 422,
  ) =>
    data<ExportActionError>(
      { intent: RENDER_INTENTS.create, values, fieldErrors, notice, upgrade },
      { status },
    );
  const options = await client.call(endpoints.renders.options, undefined, {
    params: { id: projectId },
  });
  if (!options.ok) {
    if (options.error.kind === 'logged-out') throw client.toLogin(options.headers);
    return refuse({}, options.error.notice, false, options.status === 404 ? 404 : 422);
  }
  const input = jobInputOf(values);
  const errors = renderInputErrors(input, options.data.caps, options.data.project.duration);
  if (Object.keys(errors).length > 0) return refuse(errors);
  const title = values.title.trim();
  const result = await client.call(endpoints.renders.create, {
    projectId,
    ...(title ? { title } : {}),
    jobInput: input,
  });
  if (!result.ok) {
    if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
    const message = result.error.notice || Object.values(result.error.fieldErrors)[0] || '';
    const field = fieldOfMessage(message);
    if (field) return refuse({ [field]: message });
    return refuse({}, message, options.data.limits.reached || result.status === 422);
  }
  return redirectWithNotification(pagePaths.renders, notify('success', renderTexts.renderStarted));
}
