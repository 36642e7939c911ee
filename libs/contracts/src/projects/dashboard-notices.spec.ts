import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardNotices,
  dashboardQuestions,
  PROJECT_SORT_LABELS,
  PROJECT_SORT_ORDER,
} from './dashboard-notices.js';
import { PROJECT_SORTS } from './project.js';

describe('the dashboard’s own texts', () => {
  it('offers each of the four project sorts once, each with its label', () => {
    assert.deepEqual([...PROJECT_SORT_ORDER].sort(), [...PROJECT_SORTS.slice(0, 4)].sort());
    assert.deepEqual(
      PROJECT_SORT_ORDER.map((sort) => PROJECT_SORT_LABELS[sort]),
      ['Last modified', 'Oldest first', 'Name A–Z', 'Name Z–A'],
    );
  });

  it('says what deleting a folder does to what is inside, in singular and plural', () => {
    assert.equal(
      dashboardQuestions.deleteFolder('Clients', 0, 0),
      'Delete the folder “Clients”? No projects are inside.',
    );
    assert.equal(
      dashboardQuestions.deleteFolder('Clients', 1, 3),
      'Delete the folder “Clients”? Its 1 sub-folder will be removed too. The 3 projects inside will move to All projects.',
    );
    assert.equal(dashboardNotices.folderDeleted(1, 0), 'Folder deleted.');
    assert.equal(
      dashboardNotices.folderDeleted(3, 1),
      'Folder and 2 sub-folders deleted. 1 project moved to All projects.',
    );
  });

  it('counts the projects a bulk action changed', () => {
    assert.equal(dashboardNotices.projectsMoved(1), '1 project moved');
    assert.equal(dashboardNotices.projectsDeleted(4), '4 projects deleted');
    assert.equal(dashboardNotices.demosReset(2), '2 demo projects reset');
    assert.equal(
      dashboardQuestions.deleteProjects(1, 'Logo'),
      'Delete “Logo”? This cannot be undone.',
    );
    assert.equal(
      dashboardQuestions.deleteProjects(2, null),
      'Delete 2 projects? This cannot be undone.',
    );
  });
});
