import {
  RENDER_DIALOGS,
  RENDER_INTENTS,
  RENDER_PARAMS,
  RENDER_SORTS,
  type RenderDialogName,
  type RenderInputField,
  type RenderOptionsResponse,
  type Sort,
} from '@animata/contracts';
import { LIST_PARAMS } from '../../components/dashboard/view.js';
import type { ExportFormValues } from './render-form.js';

/** The renders screen's list state from the address (search, all six sorts, page). */
export interface RenderListState {
  q: string;
  sort: Sort;
  page: number;
}

export function renderListStateOf(params: URLSearchParams): RenderListState {
  const sort = params.get(LIST_PARAMS.sort) ?? '';
  const page = Number(params.get(LIST_PARAMS.page));
  return {
    q: (params.get(LIST_PARAMS.search) ?? '').trim(),
    sort: (RENDER_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'date_desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The open dialog of a render (`?render=…&show=…`); ids comma-separated for a bulk delete. */
export interface RenderDialogState {
  name: RenderDialogName;
  ids: string[];
}

export function renderDialogOf(params: URLSearchParams): RenderDialogState | null {
  const name = params.get(RENDER_PARAMS.show) ?? '';
  if (!(RENDER_DIALOGS as readonly string[]).includes(name)) return null;
  const ids = params
    .getAll(RENDER_PARAMS.render)
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return null;
  return { name: name as RenderDialogName, ids };
}

/** The address with a render's dialog opened, or closed (null). */
export function withRenderDialog(
  location: { pathname: string; search: string },
  dialog: RenderDialogState | null,
): string {
  const params = new URLSearchParams(location.search);
  params.delete(RENDER_PARAMS.show);
  params.delete(RENDER_PARAMS.render);
  params.delete('index');
  if (dialog) {
    params.set(RENDER_PARAMS.render, dialog.ids.join(','));
    params.set(RENDER_PARAMS.show, dialog.name);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** The Export dialog the address opens (`?export={projectId}`). */
export interface ExportDialogData {
  options: RenderOptionsResponse;
  values: ExportFormValues;
}

/** A refused export: the form again with what was typed and the reasons beside the fields. */
export interface ExportActionError {
  intent: typeof RENDER_INTENTS.create;
  values: ExportFormValues;
  fieldErrors: Partial<Record<RenderInputField, string>>;
  notice: string;
  /** The limits are reached: the notice comes with 'Upgrade to continue'. */
  upgrade: boolean;
}

export function isExportActionError(value: unknown): value is ExportActionError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { intent?: unknown }).intent === RENDER_INTENTS.create
  );
}

/** What a post made with JavaScript gets back instead of a redirect (the share link). */
export interface RenderShareData {
  intent: typeof RENDER_INTENTS.share;
  shareUrl: string;
}
