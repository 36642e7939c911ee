import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDimensions, formatTimecode, projectViewerTexts } from './project-viewer.js';

describe('the project viewer’s readouts', () => {
  it('shows a point on the timeline as m:ss.t, rounded down to the tenth', () => {
    const table: Array<[number, string]> = [
      [0, '0:00.0'],
      [99, '0:00.0'],
      [100, '0:00.1'],
      [1250, '0:01.2'],
      [2000, '0:02.0'],
      [59_999, '0:59.9'],
      [60_000, '1:00.0'],
      [724_000, '12:04.0'],
      [-5, '0:00.0'],
      [Number.NaN, '0:00.0'],
    ];
    for (const [ms, shown] of table) assert.equal(formatTimecode(ms), shown, String(ms));
  });

  it('says where the timeline is of how long', () => {
    assert.equal(projectViewerTexts.position('0:01.2', '0:02.0'), '0:01.2 of 0:02.0');
  });

  it('shows the size with its unit', () => {
    assert.equal(formatDimensions({ width: 320, height: 180 }), '320 × 180 px');
  });
});
