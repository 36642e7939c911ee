import type { ProjectSort } from './project.js';

/**
 * The dashboard pages' own words (issue 17): the sort labels, the success notices after a
 * post, the confirmations' questions. The spec gives none of these texts; the lead records
 * them in docs/decisions.md.
 */
export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  date_desc: 'Last modified',
  date_asc: 'Oldest first',
  title_asc: 'Name A–Z',
  title_desc: 'Name Z–A',
};

/** The sorts in the order the dropdown lists them. */
export const PROJECT_SORT_ORDER: readonly ProjectSort[] = [
  'date_desc',
  'date_asc',
  'title_asc',
  'title_desc',
];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const dashboardNotices = {
  folderCreated: 'Folder created',
  folderRenamed: 'Folder renamed',
  folderMoved: 'Folder moved',
  /** The server's answer says how many folders went and how many projects moved out. */
  folderDeleted: (labels: number, projectsMoved: number) => {
    const removed =
      labels > 1
        ? `Folder and ${plural(labels - 1, 'sub-folder', 'sub-folders')} deleted`
        : 'Folder deleted';
    return projectsMoved > 0
      ? `${removed}. ${plural(projectsMoved, 'project', 'projects')} moved to All projects.`
      : `${removed}.`;
  },
  projectRenamed: 'Project renamed',
  projectDuplicated: 'Project duplicated',
  projectsMoved: (count: number) => `${plural(count, 'project', 'projects')} moved`,
  projectsDeleted: (count: number) => `${plural(count, 'project', 'projects')} deleted`,
  demosReset: (count: number) => `${plural(count, 'demo project', 'demo projects')} reset`,
} as const;

export const dashboardQuestions = {
  deleteProjects: (count: number, title: string | null) =>
    count === 1 && title
      ? `Delete “${title}”? This cannot be undone.`
      : `Delete ${plural(count, 'project', 'projects')}? This cannot be undone.`,
  resetDemos: (count: number, title: string | null) =>
    count === 1 && title
      ? `Reset “${title}” to the original demo? Your changes will be lost.`
      : `Reset ${plural(count, 'demo project', 'demo projects')} to the originals? Your changes will be lost.`,
  /** Before deleting a folder: what happens to what is inside (decision 66). */
  deleteFolder: (title: string, subFolders: number, projects: number) => {
    const parts = [`Delete the folder “${title}”?`];
    if (subFolders > 0)
      parts.push(`Its ${plural(subFolders, 'sub-folder', 'sub-folders')} will be removed too.`);
    parts.push(
      projects > 0
        ? `The ${plural(projects, 'project', 'projects')} inside will move to All projects.`
        : 'No projects are inside.',
    );
    return parts.join(' ');
  },
} as const;

/** The dashboard's labels that are ours (the spec names the section, not the words). */
export const dashboardLabels = {
  renameFolder: 'Rename folder',
  moveFolder: 'Move folder',
  deleteFolder: 'Delete folder',
  folderName: 'Folder name',
  projectName: 'Project name',
  renameProject: 'Rename project',
  moveToFolder: 'Move to folder',
  topLevel: 'Top level',
  open: 'Open',
  rename: 'Rename',
  duplicate: 'Duplicate',
  export: 'Export',
  delete: 'Delete',
  reset: 'Reset',
  cancel: 'Cancel',
  save: 'Save',
  create: 'Create',
  move: 'Move',
  deselectAll: 'Deselect all',
  sortBy: 'Sort by',
  /** Applies the sort without JavaScript (with it, a sort applies as it is chosen). */
  apply: 'Apply',
  selectedProjects: 'Selected projects',
  search: 'Search',
  menu: 'Menu',
  storage: 'Storage',
  fileSlots: 'File slots',
  inviteNotice: 'Invited to a team? Accept the invitation from your e-mail to see it here.',
  rendersKept:
    'Renders of free accounts are deleted after 60 days. Upgrade for up to 100 GB with no deletion.',
  demoHint: 'Demo projects are read-only: open one to make your own copy.',
  emptyFolder: 'This folder is empty',
  noResults: 'No projects match your search',
} as const;
