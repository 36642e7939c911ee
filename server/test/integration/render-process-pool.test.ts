import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { RenderProcessPool } from '../../src/modules/renders/jobs/render-process-pool.js';
import { movingProjectData, tinyGifInput } from '../support/renders.js';

const hungProcess = fileURLToPath(new URL('../support/hung-render-process.js', import.meta.url));
const quiet = { warn: () => undefined, info: () => undefined };
const tools = {
  chromiumPath: '/usr/bin/chromium',
  ffmpegPath: '/usr/bin/ffmpeg',
  ffprobePath: '/usr/bin/ffprobe',
};

describe('render process pool: a hung render process (RENDERS_STALL_MS)', () => {
  it('is killed after the stall time and its try fails, so the worker slot is free again', async () => {
    const pool = new RenderProcessPool(quiet, tools, {
      stallMs: 1_000,
      processorFile: hungProcess,
    });
    const data = movingProjectData(1000);
    const run = () =>
      pool.run({
        renderId: 'r'.repeat(32),
        project: { options: data.options, document: data.document },
        input: tinyGifInput(2),
        watermark: false,
        output: '/tmp/never-written.gif',
        onProgress: () => undefined,
        signal: new AbortController().signal,
      });
    const first = await run();
    assert.equal(first.kind, 'failed');
    assert.equal(first.kind === 'failed' && first.code, 'stalled');
    const [pid] = pool.pids();
    assert.equal(pid, undefined, 'the stalled process is gone from the pool');
    // The next render gets a new process (and stalls the same way here).
    assert.equal((await run()).kind, 'failed');
    pool.close();
  });
});
