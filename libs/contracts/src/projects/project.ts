import type { ProjectData } from './project-data.js';

/** A project id: 32 lowercase letters and digits, the `/{id}` of the spec's routes. */
export const PROJECT_ID_PATTERN = /^[a-z0-9]{32}$/;
export const isProjectId = (value: string): boolean => PROJECT_ID_PATTERN.test(value);

/** The demo projects folder has this id in routes, lists and the labels tree (decision 66). */
export const DEMO_FOLDER_ID = 'demo';

/** Project and folder titles, like the imported-title limit (§9). */
export const TITLE_MAX_LENGTH = 64;

/** Sorts (§9). Project views offer the first four; renders all six. */
export const SORTS = [
  'date_desc',
  'date_asc',
  'title_desc',
  'title_asc',
  'size_desc',
  'size_asc',
] as const;
export type Sort = (typeof SORTS)[number];
export const PROJECT_SORTS = ['date_desc', 'date_asc', 'title_desc', 'title_asc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const DEFAULT_SORT: ProjectSort = 'date_desc';

/** One grant as a card needs it (issue 31): who, and view or edit. */
export interface ProjectShareSummary {
  id: string;
  /** The customer's name, or the team's title. */
  name: string;
  access: 'view' | 'edit';
}

/**
 * Share lists of §3 (issue 31): the project's own grants, and its folder's (with the folders
 * above it). Filled for the owner; a customer the project is shared with sees empty lists.
 */
export interface ProjectShares {
  customers: ProjectShareSummary[];
  teams: ProjectShareSummary[];
  label: { customers: ProjectShareSummary[]; teams: ProjectShareSummary[] };
}

/** `animation` when the project has a duration, else `static` (decision 66). */
export type ProjectType = 'animation' | 'static';

/** A project as the dashboard lists it (§3). Dates are ISO strings. */
export interface Project {
  id: string;
  title: string;
  owner: { id: string };
  /** The folder id, or null for none. */
  label: string | null;
  isPublic: boolean;
  shares: ProjectShares;
  canEdit: boolean;
  canCopy: boolean;
  isDemo: boolean;
  /** Set on a changed demo (its original) or on a copy of another project. */
  fromId: string | null;
  /** Where the static preview is served; null until the first one is written. */
  preview_uri: string | null;
  pendingPreview: boolean;
  created: string;
  createdAt: string;
  updatedAt: string;
  /** In ms. */
  duration: number;
  type: ProjectType;
  dimension: { width: number; height: number };
  /** Bytes the project takes from the storage limit. */
  size: number;
}

/** GET endpoints.projects.get: one project with its data, for its page and the export. */
export interface ProjectWithData extends Project {
  data: ProjectData;
}

/** GET endpoints.projects.list query (§7): all optional; numbers arrive as strings. */
export interface ProjectListQuery {
  rows?: number;
  page?: number;
  titleSearchFilter?: string;
  sort_by?: ProjectSort;
  /** A folder id, or `demo` for the demo folder. */
  label?: string;
  team?: string;
  sharedWithMe?: boolean;
}

/** §8: the first entry of `errors` on an empty list selects the empty state. */
export type EmptyListReason = 'member-expired' | 'owner-expired';

export interface Pagination {
  totalFiles: number;
  filesPerPage: number;
  page: number;
}

export interface ProjectListResponse {
  data: Project[];
  pagination: Pagination;
  errors?: EmptyListReason[];
}

/** POST endpoints.projects.create (§7). */
export interface CreateProjectRequest {
  title?: string;
  /** A folder id or null. */
  label?: string | null;
  /** Created in a team view (issue 30): the project is shared with this team from the start. */
  team?: string;
  data?: ProjectData;
}

/** PUT endpoints.projects.update (§7): title, or is_public as 1 or 0. */
export interface UpdateProjectRequest {
  title?: string;
  is_public?: 0 | 1;
  data?: ProjectData;
}

export interface DuplicateProjectRequest {
  title?: string;
  label?: string | null;
}
export interface DuplicateProjectResponse {
  duplicateId: string;
}

/** PUT customer/projects: move these projects to a folder, or to none (§7). */
export interface MoveProjectsRequest {
  projects: string[];
  label: string | null;
}
/** DELETE customer/projects, and the demo reset: these projects. */
export interface ProjectIdsRequest {
  projects: string[];
}
export interface ProjectIdsResponse {
  projects: string[];
}

/** A new project's answer; `limits.created` is the customer's new count (account-and-auth §8). */
export interface CreatedProjectResponse {
  project: Project;
  limits: { created: number };
}

/** POST endpoints.projects.openDemo: the customer's own changed copy of a demo project. */
export interface OpenDemoResponse {
  id: string;
}

/** A folder (label) of §3, with its sub-folders. */
export interface Label {
  id: string;
  title: string;
  owner: { id: string };
  /** Null at the top level. */
  parentId: string | null;
  children: Label[];
  shares: ProjectShares['label'];
  isDemo: boolean;
  parentIsDemo: boolean;
  /** Projects directly in this folder. */
  projectsCount: number;
}

export interface LabelsResponse {
  data: Label[];
}

/** POST customer/labels: a new folder, under `parentId` when given. */
export interface CreateLabelRequest {
  title: string;
  parentId?: string | null;
}
/** PUT customer/labels/:id: rename and/or move under another folder (null: top level). */
export interface UpdateLabelRequest {
  title?: string;
  parentId?: string | null;
}
export interface LabelResponse {
  label: Label;
}
/** DELETE customer/labels/:id: what happened to what was inside (decision 66). */
export interface DeletedLabelResponse {
  /** Folders removed with it (itself included). */
  labels: number;
  /** Projects moved out to All projects. */
  projectsMoved: number;
}

/** GET customer/projects/:id/get-details. */
export interface ProjectDetails {
  project: Project;
  /** The folder's title, or null. */
  labelTitle: string | null;
}

/** POST onboarding/projects (§7). */
export const ONBOARDING_ACTIONS = ['step', 'finish', 'cancel'] as const;
export type OnboardingAction = (typeof ONBOARDING_ACTIONS)[number];
export interface OnboardingRequest {
  action: OnboardingAction;
  step?: number;
}
export interface OnboardingResponse {
  onboarding: { projects: boolean; step: number };
}

/** What the customer may still store (§3 Customer.storage / files). */
export interface StorageUsage {
  /** MB, to the kilobyte (shown with formatSizeMb). */
  used: number;
  limit: number;
}
export interface FileSlots {
  used: number;
  /** Null when unlimited (paid plans). */
  limit: number | null;
}
