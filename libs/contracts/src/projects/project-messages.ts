import { fieldMessages, waitText } from '../auth/auth-messages.js';
import { dashboardLabels } from './dashboard-notices.js';
import { TITLE_MAX_LENGTH } from './project.js';

/** The dashboard's texts (projects-dashboard §2, §5, §8), word for word where the spec gives them. */
export const projectMessages = {
  invalidFileType: 'Invalid File Type',
  tooComplex: 'The file is too complex. Memory limit reached.',
  createFailed: 'Failed to create project.',
  sameFolder: 'You cannot move the project to the same folder.',
  // Our own (decision 66).
  fileSlotsFull: 'You have used all your file slots. Upgrade to create more projects.',
  storageFull: 'Your storage is full. Upgrade to store more projects.',
  demoReadOnly: 'Demo projects cannot be changed this way.',
  folderIntoItself: 'A folder cannot be moved into itself or one of its folders.',
  folderTooDeep: 'Folders can be nested at most 5 levels deep.',
  folderInvalid: 'Choose a folder',
  projectsRequired: 'Choose at least one project',
  tooManyProjects: 'Choose at most 1000 projects at a time',
  invalidData: 'The project data is not valid',
  nothingToChange: 'Nothing to change',
  stepRequired: 'Step is required',
  /** Past an import rate limit (issue 29): the 429's text, naming the real wait. */
  importsTooMany: (retryAfterMs: number) =>
    `Too many imports. Please wait ${waitText(retryAfterMs)} and try again.`,
} as const;

export const dashboardTexts = {
  allProjects: 'All projects',
  myRenders: 'My renders',
  sharedWithMe: 'Shared with me',
  demoProjects: 'Demo projects',
  createTeam: 'Create a team',
  newProject: 'New project',
  uploadFile: 'Upload file',
  createFolder: 'Create folder',
  searchFolder: 'Search this folder',
  searchAll: 'Search all projects',
  share: 'Share',
  manageTeam: 'Manage Team',
  members: 'Members',
  selectAll: 'Select all',
  deleteSelected: 'Delete',
  removeSelected: 'Remove',
  resetSelected: 'Reset',
  moveSelected: 'Move',
  viewProject: 'View project',
  /** §6: a copy of a project shared with one, into one's own projects, opened to edit. */
  editAsCopy: 'Edit as a copy',
  /** Shared with me: drop one's own access to a project (§6). */
  removeShared: 'Remove',
  /** The card's sharing icon (issue 31): the project's own grants, or its folder's. */
  sharedProject: 'Shared',
  sharedFolder: 'In a shared folder',
  emptyProjects: 'Create your first project',
  emptyShared: 'No shared projects yet',
  emptyTeam: 'No team projects yet',
  teamExpired: 'This teams plan is expired',
  emptyRenders: 'Export your first video/gif',
  renderJobs: 'Render jobs',
  completedRenders: 'Completed renders',
  premium: 'Premium',
  premiumTooltip: 'Available in PRO and TEAM plans',
  welcomeStartOwn: 'Start on my own',
  welcomeOpenDemo: 'Open a demo project',
  welcomeContinue: 'Continue to dashboard',
} as const;

/** Free accounts' limits (decision 66); paid plans (issue 18) lift them. */
export const FREE_LIMITS = {
  fileSlots: 20,
  storageMb: 100,
} as const;

/** Steps of the welcome tour (§9). */
export const TOUR_STEPS = 3;
/** Search debounce (§9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** Folders nest at most this deep (decision 66). */
export const MAX_FOLDER_DEPTH = 5;

/** What can be wrong with a title, each message naming the field as its form labels it. */
export interface TitleMessages {
  required: string;
  tooLong: string;
  invalid: string;
}

/**
 * A title's messages for the field `name`: account-and-auth §5's pattern ('LABEL is required',
 * 'LABEL must be at most 64 characters long'), since projects-dashboard §8 gives none. The
 * server answers them too, so a refusal names the field the form shows.
 */
function titleMessagesFor(name: string): TitleMessages {
  return {
    required: fieldMessages.required(name),
    tooLong: fieldMessages.atMost(name, TITLE_MAX_LENGTH),
    invalid: `${name} must not contain control characters`,
  };
}

/** A folder's title: the 'Folder name' field of the create and rename dialogs. */
export const folderTitleMessages = titleMessagesFor(dashboardLabels.folderName);
/** A project's title: 'Project name' in the rename dialog, the card and the project page. */
export const projectTitleMessages = titleMessagesFor(dashboardLabels.projectName);
