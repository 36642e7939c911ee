import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titleProblem } from './project-dto.js';
import { folderTitleMessages, projectTitleMessages } from './project-messages.js';

describe('the title rule’s messages name the field (account-and-auth §5’s LABEL pattern)', () => {
  it('says Folder name for a folder and Project name for a project', () => {
    for (const [title, folder, project] of [
      ['', 'Folder name is required', 'Project name is required'],
      ['  \t ', 'Folder name is required', 'Project name is required'],
      [
        'x'.repeat(65),
        'Folder name must be at most 64 characters long',
        'Project name must be at most 64 characters long',
      ],
      [
        'a\u0007b',
        'Folder name must not contain control characters',
        'Project name must not contain control characters',
      ],
      [` ${'x'.repeat(64)} `, null, null],
    ] as const) {
      assert.equal(titleProblem(title, folderTitleMessages), folder, JSON.stringify(title));
      assert.equal(titleProblem(title, projectTitleMessages), project, JSON.stringify(title));
    }
  });
});
