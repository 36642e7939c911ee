import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { interpretError } from '../errors/interpret.js';
import { ownMessages } from '../errors/messages.js';
import { FREE_LIMITS, projectMessages, TOUR_STEPS } from './project-messages.js';
import {
  importFailureMessage,
  importSummary,
  TOUR_STEP_TEXTS,
  uploadTexts,
} from './project-page.js';

/** The import refusal as the upload shows it, from the BFF's answer read by the catalogue. */
function shown(status: number, body: unknown): string {
  const error = interpretError({ status, body });
  return importFailureMessage({ status, notice: error.notice, limits: error.limits });
}

describe('importFailureMessage (projects-dashboard §5, §8)', () => {
  it("shows 'Invalid File Type' and the memory-limit text word for word", () => {
    assert.equal(
      shown(422, { errors: { '.': projectMessages.invalidFileType } }),
      'Invalid File Type',
    );
    assert.equal(
      shown(422, { errors: { '.': projectMessages.tooComplex } }),
      'The file is too complex. Memory limit reached.',
    );
  });

  it('reads a body cut at the size limit (413) as the memory limit', () => {
    assert.equal(shown(413, {}), projectMessages.tooComplex);
  });

  it("shows the server's own message for a limits refusal (422 with limits.created)", () => {
    const body = { errors: { '.': projectMessages.fileSlotsFull }, limits: { created: 20 } };
    assert.equal(shown(422, body), projectMessages.fileSlotsFull);
  });

  it("shows the server's own message when it says to wait: 429 and 503 (issue 29)", () => {
    const tooMany = projectMessages.importsTooMany(12 * 60_000);
    assert.equal(
      shown(429, { error: tooMany }),
      'Too many imports. Please wait 12 minutes and try again.',
    );
    assert.equal(shown(429, { error: ownMessages.tooManyRequests }), ownMessages.tooManyRequests);
    assert.equal(
      shown(503, { error: ownMessages.serviceUnavailable }),
      ownMessages.serviceUnavailable,
    );
    // Without a text of its own, the catalogue's.
    assert.equal(shown(429, {}), ownMessages.tooManyRequests);
  });

  it("answers anything else with 'Failed to create project.'", () => {
    assert.equal(
      shown(422, { errors: { '.': projectMessages.invalidData } }),
      'Failed to create project.',
    );
    assert.equal(shown(500, { error: 'Disk full' }), projectMessages.createFailed);
    assert.equal(shown(0, undefined), projectMessages.createFailed);
  });
});

describe('importSummary: the no-JavaScript upload in one notification', () => {
  const ok = (name: string) => ({ name, refusal: null });
  const refused = (name: string, refusal: string) => ({ name, refusal });
  const tooMany = projectMessages.importsTooMany(30 * 60_000);

  it('counts the projects created, or gives one refused file its text alone', () => {
    assert.deepEqual(importSummary([ok('a.svg'), ok('b.png')]), {
      type: 'success',
      message: '2 projects created.',
    });
    assert.deepEqual(importSummary([refused('a.pdf', projectMessages.invalidFileType)]), {
      type: 'error',
      message: 'Invalid File Type',
    });
  });

  it('names each refusal once with its files, the projects created first, past three counted', () => {
    const results = [
      ok('one.svg'),
      refused('a.pdf', projectMessages.invalidFileType),
      ok('two.svg'),
      ...Array.from({ length: 40 }, (_, i) => refused(`late ${i}.svg`, tooMany)),
    ];
    assert.deepEqual(importSummary(results), {
      type: 'error',
      message:
        '2 projects created. · a.pdf: Invalid File Type · late 0.svg, late 1.svg, late 2.svg and 37 more: ' +
        'Too many imports. Please wait 30 minutes and try again.',
    });
  });
});

describe('upload and tour texts', () => {
  it('has one text per tour step', () => {
    assert.equal(TOUR_STEP_TEXTS.length, TOUR_STEPS);
  });

  it('counts files in the progress label and the result', () => {
    assert.equal(uploadTexts.uploading(1, 1), 'Uploading 1 file');
    assert.equal(uploadTexts.uploading(2, 3), 'Uploading file 2 of 3');
    assert.equal(uploadTexts.imported(1), 'Project created.');
    assert.equal(uploadTexts.imported(FREE_LIMITS.fileSlots), '20 projects created.');
  });
});
