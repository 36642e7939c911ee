import {
  DEFAULT_SORT,
  DEMO_FOLDER_ID,
  PROJECT_SORTS,
  type Label,
  type Project,
  type ProjectSort,
} from '@animata/contracts';

/**
 * The section a dashboard page shows (projects-dashboard §2): my projects (All projects or one
 * of my folders), the demo folder, a team (or a team's folder), shared with me, renders.
 */
export type DashboardView =
  | { kind: 'all' }
  | { kind: 'folder'; folder: string }
  | { kind: 'demo' }
  | { kind: 'team'; team: string; folder: string | null }
  | { kind: 'shared' }
  | { kind: 'renders' };

/** What a view lets the customer do with its projects (§6). */
export interface ViewAbilities {
  /** New project, Upload file, Create folder (hidden for team and shared-with-me, §2). */
  toolbar: boolean;
  /** Bulk actions offered once something is selected. */
  bulkDelete: boolean;
  bulkMove: boolean;
  bulkReset: boolean;
  /** Per card: rename, duplicate, move, delete for own projects. */
  ownCards: boolean;
  /**
   * Per card in Shared with me (§6, issue 31): rename with edit access, Edit as a copy when
   * canCopy, Remove (drops one's own access). Never delete or move.
   */
  sharedCards: boolean;
}

export function abilitiesOf(view: DashboardView): ViewAbilities {
  const own = view.kind === 'all' || view.kind === 'folder';
  return {
    toolbar: own || view.kind === 'demo',
    bulkDelete: own,
    bulkMove: own,
    bulkReset: view.kind === 'demo',
    ownCards: own,
    sharedCards: view.kind === 'shared',
  };
}

/** The folder id a list request passes as `label` for this view, if any. */
export function labelOf(view: DashboardView): string | null {
  if (view.kind === 'folder') return view.folder;
  if (view.kind === 'demo') return DEMO_FOLDER_ID;
  if (view.kind === 'team') return view.folder;
  return null;
}

/** Whether anyone has a grant on the project: its own, or one of a folder above it. */
export function sharingOf(project: Project): 'project' | 'folder' | null {
  const { shares } = project;
  if (shares.customers.length > 0 || shares.teams.length > 0) return 'project';
  if (shares.label.customers.length > 0 || shares.label.teams.length > 0) return 'folder';
  return null;
}

/** A demo the customer changed: their own copy of an original (decision 66). */
export function isChangedDemo(project: Project): boolean {
  return project.isDemo && project.fromId !== null;
}

// The list's state lives in the address (?q=&sort=&page=&rows=), so it works without JavaScript.
export const LIST_PARAMS = { search: 'q', sort: 'sort', page: 'page', rows: 'rows' } as const;

export interface ListState {
  q: string;
  sort: ProjectSort;
  page: number;
}

export function listStateOf(params: URLSearchParams): ListState {
  const sort = params.get(LIST_PARAMS.sort);
  const page = Number(params.get(LIST_PARAMS.page));
  return {
    q: (params.get(LIST_PARAMS.search) ?? '').trim(),
    sort: (PROJECT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProjectSort)
      : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Dialogs live in the address too (`?dialog=…&target=…`), as the account area's `?edit=`:
 * without JavaScript a link opens them and a post closes them; with JavaScript the same links
 * navigate on the client without reloading the list.
 */
export const DIALOG_PARAMS = { dialog: 'dialog', target: 'target', parent: 'parent' } as const;
export const DIALOGS = [
  'create-folder',
  'rename-folder',
  'move-folder',
  'delete-folder',
  'rename',
  'move',
  'delete',
  'reset',
] as const;
export type DialogName = (typeof DIALOGS)[number];

export interface DialogState {
  name: DialogName;
  /** A folder id, or the project ids (comma-separated in the address). */
  targets: string[];
  /** For create-folder: the parent folder, null for the top level. */
  parent: string | null;
}

export function dialogStateOf(params: URLSearchParams): DialogState | null {
  const name = params.get(DIALOG_PARAMS.dialog);
  if (!name || !(DIALOGS as readonly string[]).includes(name)) return null;
  // One comma-separated `target` (a link), or one per ticked checkbox (the selection form).
  const targets = params
    .getAll(DIALOG_PARAMS.target)
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  return { name: name as DialogName, targets, parent: params.get(DIALOG_PARAMS.parent) || null };
}

/** The current address with a dialog opened (or closed, for null). */
export function withDialog(
  location: { pathname: string; search: string },
  dialog: { name: DialogName; targets?: string[]; parent?: string | null } | null,
): string {
  const params = new URLSearchParams(location.search);
  for (const key of Object.values(DIALOG_PARAMS)) params.delete(key);
  if (dialog) {
    params.set(DIALOG_PARAMS.dialog, dialog.name);
    if (dialog.targets && dialog.targets.length > 0) {
      params.set(DIALOG_PARAMS.target, dialog.targets.join(','));
    }
    if (dialog.parent) params.set(DIALOG_PARAMS.parent, dialog.parent);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** The current address with list parameters changed (null removes one). */
export function withListParams(
  location: { pathname: string; search: string },
  changes: Partial<Record<keyof typeof LIST_PARAMS, string | number | null>>,
): string {
  const params = new URLSearchParams(location.search);
  for (const key of Object.values(DIALOG_PARAMS)) params.delete(key);
  for (const [key, value] of Object.entries(changes)) {
    const name = LIST_PARAMS[key as keyof typeof LIST_PARAMS];
    if (value === null || value === '' || value === undefined) params.delete(name);
    else params.set(name, String(value));
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** Only the dialog parameters differ between the two addresses. */
export function onlyDialogChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const key of Object.values(DIALOG_PARAMS)) params.delete(key);
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}

/** Folder tree helpers. */
export function findLabel(labels: Label[], id: string | null): Label | null {
  if (!id) return null;
  for (const label of labels) {
    if (label.id === id) return label;
    const found = findLabel(label.children, id);
    if (found) return found;
  }
  return null;
}

/** The ids from the top of the tree down to `id` (itself included); empty when not found. */
export function pathTo(labels: Label[], id: string | null): string[] {
  if (!id) return [];
  for (const label of labels) {
    if (label.id === id) return [label.id];
    const below = pathTo(label.children, id);
    if (below.length > 0) return [label.id, ...below];
  }
  return [];
}

/** Every folder below `label` and the projects directly in all of them (itself included). */
export function subtreeCounts(label: Label): { folders: number; projects: number } {
  let folders = 0;
  let projects = label.projectsCount;
  for (const child of label.children) {
    const below = subtreeCounts(child);
    folders += 1 + below.folders;
    projects += below.projects;
  }
  return { folders, projects };
}

/** The customer's own folders (the demo folder is listed on its own). */
export function ownLabels(labels: Label[]): Label[] {
  return labels.filter((label) => !label.isDemo && label.id !== DEMO_FOLDER_ID);
}

export function folderPath(id: string): string {
  return `/folder/${encodeURIComponent(id)}`;
}

export function projectPath(id: string): string {
  return `/${id}`;
}

/** What a refused dashboard post answers: the dialog stays open with the server's message. */
export interface DashboardActionError {
  intent: string;
  notice: string;
  fieldErrors: Record<string, string>;
  values?: Record<string, string>;
}

/**
 * The id of the selection's form without JavaScript (a GET form opening the bulk dialogs); the
 * cards' checkboxes belong to it through their `form` attribute.
 */
export const SELECTION_FORM_ID = 'dashboard-selection';

/** The cookie that carries the grid's measured page size to the server's list request. */
export const GRID_ROWS_COOKIE = 'animata_grid_rows';
