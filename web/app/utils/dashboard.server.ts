import {
  DEMO_FOLDER_ID,
  endpoints,
  ownMessages,
  pagePaths,
  dashboardNotices,
  totalPages,
  type ProjectListResponse,
} from '@animata/contracts';
import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import {
  DIALOG_PARAMS,
  labelOf,
  listStateOf,
  projectPath,
  withListParams,
  type DashboardActionError,
  type DashboardView,
  type ListState,
} from '../components/dashboard/view.js';
import { api, type ApiFailure } from './api.server.js';
import { pageSizeOf } from './page-size.server.js';
import { formRefused, readForm, textField } from './form.server.js';
import { notify, redirectWithNotification } from './notification.server.js';
import { exportAction, loadExportDialog, postsToExport } from './renders/renders.server.js';
import type { ExportDialogData } from './renders/render-view.js';
import type { ShareDialogData } from './sharing/share-view.js';
import { loadShareDialog, postsToShareDialog, sharingAction } from './sharing/sharing.server.js';

export interface DashboardListData {
  list: ProjectListResponse;
  state: ListState;
  rows: number;
  /** The share dialog the address opens (`?share=project:{id}|label:{id}`), or null. */
  share: ShareDialogData | null;
  /** The Export dialog the address opens (`?export={projectId}`, issue 32), or null. */
  exportDialog: ExportDialogData | null;
}

/**
 * One page of a view's projects: the list state comes from the address, the page size from the
 * address or the grid's measurement; the BFF filters by access and pages in SQL.
 */
export async function loadProjectList(
  request: Request,
  context: AppLoadContext,
  view: DashboardView,
): Promise<DashboardListData>;
export async function loadProjectList(
  request: Request,
  context: AppLoadContext,
  view: DashboardView,
  options: { visitorAllowed: true },
): Promise<DashboardListData | null>;
export async function loadProjectList(
  request: Request,
  context: AppLoadContext,
  view: DashboardView,
  options: { visitorAllowed?: boolean } = {},
): Promise<DashboardListData | null> {
  const url = new URL(request.url);
  const state = listStateOf(url.searchParams);
  const rows = pageSizeOf(request);
  const client = api(request, context);
  const label = labelOf(view);
  const sharing = loadShareDialog(request, context);
  // Settled here, so a refusal of the list (a visitor) is not also an unhandled rejection.
  sharing.catch(() => undefined);
  const exporting = loadExportDialog(request, context);
  exporting.catch(() => undefined);
  const result = await client.call(endpoints.projects.list, undefined, {
    query: {
      rows,
      page: state.page,
      titleSearchFilter: state.q || undefined,
      sort_by: state.sort,
      label: label ?? undefined,
      team: view.kind === 'team' ? view.team : undefined,
      sharedWithMe: view.kind === 'shared' ? true : undefined,
    },
  });
  // A visitor at `/` sees the marketing page (the layout decides), not the login form.
  if (!result.ok && result.error.kind === 'logged-out' && options.visitorAllowed) return null;
  const list = await client.expect(Promise.resolve(result));
  // A page past the end (its projects deleted or moved, an old link, `?page=999`) goes to the
  // last page that exists, search, sort and page size kept; with nothing at all, to page 1,
  // where the empty state is the truth (issue 29). A redirect from here keeps the notice of
  // the post that led here: the response is the redirect alone, so the notice cookie stays.
  const last = totalPages(list.pagination.totalFiles, list.pagination.filesPerPage);
  if (state.page > last) throw redirect(withListParams(url, { page: last === 1 ? null : last }));
  return { list, state, rows, share: await sharing, exportDialog: await exporting };
}

/** The page the action came from, without its dialog: where a post returns (PRG). */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const key of Object.values(DIALOG_PARAMS)) url.searchParams.delete(key);
  // Remix adds ?index to posts to an index route; the page itself has none.
  url.searchParams.delete('index');
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

function refused(intent: string, failure: ApiFailure, values: Record<string, string> = {}) {
  return data<DashboardActionError>(
    {
      intent,
      notice: failure.error.notice || failure.error.fieldErrors.title || '',
      fieldErrors: failure.error.fieldErrors,
      values,
    },
    { status: failure.status === 429 ? 429 : failure.status === 404 ? 404 : 422 },
  );
}

const idsOf = (form: FormData): string[] =>
  textField(form, 'ids')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

const folderOrNull = (value: string): string | null => (value === '' ? null : value);

/** How a page that is not a list posts the dashboard's forms (the project page, issue 29). */
export interface DashboardActionOptions {
  /** The intents the page posts; any other is refused like an unknown one. */
  intents?: readonly string[];
  /**
   * Where to go once the page's own project is gone (deleted, or a changed demo reset) instead
   * of back to it. Asked before the removal: afterwards the project can no longer be read.
   */
  leaveTo?: () => Promise<string>;
  /** After Duplicate, open the copy instead of coming back. */
  openDuplicate?: boolean;
}

/**
 * The dashboard's one action (every list route exports it): each form posts an `intent`, the
 * BFF decides, and success redirects back to the page with a notice; a refusal comes back to
 * the open dialog. Works the same with and without JavaScript.
 */
export async function dashboardAction(
  { request, context }: ActionFunctionArgs,
  options: DashboardActionOptions = {},
) {
  // The share dialog's forms (`share-…` intents) open on every list section.
  if (await postsToShareDialog(request)) return sharingAction(request, context);
  // The Export dialog (`?export=`) opens over every list section (issue 32).
  if (await postsToExport(request)) return exportAction(request, context);
  const read = await readForm(request);
  if (!read.ok) return formRefused(read);
  const { form } = read;
  const posted = textField(form, 'intent');
  const intent = !options.intents || options.intents.includes(posted) ? posted : '';
  const client = api(request, context);
  const back = backTo(request);
  const done = (message: string) => redirectWithNotification(back, notify('success', message));
  const fail = (failure: ApiFailure, values: Record<string, string> = {}) => {
    if (failure.error.kind === 'logged-out') throw client.toLogin(failure.headers);
    return refused(intent, failure, values);
  };

  switch (intent) {
    case 'create-project': {
      const label = folderOrNull(textField(form, 'label'));
      // Made in a team's view: shared with the team from the start (issue 30).
      const team = textField(form, 'team');
      const result = await client.call(endpoints.projects.create, {
        label: label === DEMO_FOLDER_ID ? null : label,
        ...(team ? { team } : {}),
      });
      if (!result.ok) {
        if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
        // The limits refusal (422) and the like come back as the page's notice.
        return redirectWithNotification(back, notify('error', result.error.notice));
      }
      return redirect(projectPath(result.data.project.id));
    }
    case 'open-demo': {
      // The customer's own copy of a demo (made once), opened instead of the original.
      const result = await client.call(endpoints.projects.openDemo, undefined, {
        params: { id: textField(form, 'project') },
      });
      if (!result.ok) {
        if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
        return redirectWithNotification(back, notify('error', result.error.notice));
      }
      return redirect(projectPath(result.data.id));
    }
    case 'create-folder': {
      const title = textField(form, 'title');
      const parentId = folderOrNull(textField(form, 'parentId'));
      const result = await client.call(
        endpoints.labels.create,
        { title, parentId },
        { knownFields: ['title'] },
      );
      if (!result.ok) return fail(result, { title });
      return done(dashboardNotices.folderCreated);
    }
    case 'rename-folder': {
      const title = textField(form, 'title');
      const result = await client.call(
        endpoints.labels.update,
        { title },
        { params: { id: textField(form, 'folder') }, knownFields: ['title'] },
      );
      if (!result.ok) return fail(result, { title });
      return done(dashboardNotices.folderRenamed);
    }
    case 'move-folder': {
      const parentId = folderOrNull(textField(form, 'parentId'));
      const result = await client.call(
        endpoints.labels.update,
        { parentId },
        { params: { id: textField(form, 'folder') } },
      );
      if (!result.ok) return fail(result, { parentId: parentId ?? '' });
      return done(dashboardNotices.folderMoved);
    }
    case 'delete-folder': {
      const folder = textField(form, 'folder');
      const result = await client.call(endpoints.labels.delete, undefined, {
        params: { id: folder },
      });
      if (!result.ok) return fail(result);
      const message = dashboardNotices.folderDeleted(result.data.labels, result.data.projectsMoved);
      // The page of the deleted folder (or of one inside it) is gone: to All projects.
      const target = textField(form, 'leave') === '1' ? pagePaths.home : back;
      return redirectWithNotification(target, notify('success', message));
    }
    case 'rename': {
      const title = textField(form, 'title');
      const result = await client.call(
        endpoints.projects.update,
        { title },
        { params: { id: textField(form, 'project') }, knownFields: ['title'] },
      );
      if (!result.ok) return fail(result, { title });
      return done(dashboardNotices.projectRenamed);
    }
    case 'duplicate': {
      const result = await client.call(
        endpoints.projects.duplicate,
        {},
        { params: { id: textField(form, 'project') } },
      );
      if (!result.ok) {
        if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
        return redirectWithNotification(back, notify('error', result.error.notice));
      }
      if (options.openDuplicate) {
        return redirectWithNotification(
          projectPath(result.data.duplicateId),
          notify('success', dashboardNotices.projectDuplicated),
        );
      }
      return done(dashboardNotices.projectDuplicated);
    }
    case 'edit-copy': {
      // §6 Edit as a copy: the copy goes to the customer's own projects and opens to edit.
      const result = await client.call(
        endpoints.projects.duplicate,
        {},
        { params: { id: textField(form, 'project') } },
      );
      if (!result.ok) {
        if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
        return redirectWithNotification(back, notify('error', result.error.notice));
      }
      return redirectWithNotification(
        projectPath(result.data.duplicateId),
        notify('success', dashboardNotices.projectDuplicated),
      );
    }
    case 'remove-shared': {
      // Shared with me: drop one's own access (§6, §7 sharing/remove-projects).
      const result = await client.call(endpoints.sharing.removeProjects, {
        ids: [textField(form, 'project')],
      });
      if (!result.ok) {
        if (result.error.kind === 'logged-out') throw client.toLogin(result.headers);
        return redirectWithNotification(back, notify('error', result.error.notice));
      }
      return done(result.data.message);
    }
    case 'move': {
      const projects = idsOf(form);
      const label = folderOrNull(textField(form, 'label'));
      const result = await client.call(endpoints.projects.move, { projects, label });
      if (!result.ok) return fail(result, { label: label ?? '' });
      return done(dashboardNotices.projectsMoved(result.data.projects.length));
    }
    case 'delete': {
      const projects = idsOf(form);
      const leave = options.leaveTo ? await options.leaveTo() : back;
      const result = await client.call(endpoints.projects.deleteMany, { projects });
      if (!result.ok) return fail(result);
      const message = dashboardNotices.projectsDeleted(result.data.projects.length);
      return redirectWithNotification(leave, notify('success', message));
    }
    case 'reset': {
      const projects = idsOf(form);
      const leave = options.leaveTo ? await options.leaveTo() : back;
      const result = await client.call(endpoints.projects.resetDemos, { projects });
      if (!result.ok) return fail(result);
      const message = dashboardNotices.demosReset(result.data.projects.length);
      return redirectWithNotification(leave, notify('success', message));
    }
    default:
      return data<DashboardActionError>(
        { intent, notice: ownMessages.formUnreadable, fieldErrors: {} },
        { status: 400 },
      );
  }
}
