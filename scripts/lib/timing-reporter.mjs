// A node:test reporter that says where the time went: after the run, the 15 slowest test files
// (wall time, tests, layer) and each layer's time. Runs beside the spec reporter (scripts/test.mjs
// adds it). With TEST_REPORT=json it also writes everything to TEST_REPORT_FILE
// (default test-report.json in the working directory).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The layer of a compiled test file, from where it lives. */
export function layerOf(file) {
  const relative = file.split(path.sep).join('/');
  if (relative.includes('/test/integration/')) return 'integration';
  if (relative.includes('/server/test/e2e/')) return 'e2e';
  if (relative.includes('/web/dist-tests/')) return 'browser';
  return 'unit';
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The closing table as lines of text. */
export function formatReport({ files, layers, wallMs, tests }) {
  const slowest = [...files].sort((a, b) => b.wallMs - a.wallMs).slice(0, 15);
  const root = process.cwd() + path.sep;
  const width = Math.max(4, ...slowest.map((file) => file.file.replace(root, '').length));
  const lines = [
    '',
    `Slowest test files (of ${files.length}; wall time of each file's process)`,
    `  ${'file'.padEnd(width)}  ${'wall'.padStart(8)}  ${'tests'.padStart(5)}  layer`,
    ...slowest.map(
      (file) =>
        `  ${file.file.replace(root, '').padEnd(width)}  ${seconds(file.wallMs).padStart(8)}  ${String(file.tests).padStart(5)}  ${file.layer}`,
    ),
    '',
    'Layers (busy: from the first file starting to the last ending; files: their times added up)',
    ...layers.map(
      (layer) =>
        `  ${layer.layer.padEnd(12)} ${String(layer.files).padStart(4)} files ${String(layer.tests).padStart(5)} tests  busy ${seconds(layer.busyMs).padStart(8)}  files ${seconds(layer.fileMs).padStart(8)}`,
    ),
    `  ${'all'.padEnd(12)} ${String(files.length).padStart(4)} files ${String(tests).padStart(5)} tests  wall ${seconds(wallMs).padStart(8)}`,
    '',
  ];
  return lines;
}

export default async function* timingReporter(source) {
  const started = Date.now();
  /** @type {Map<string, {file: string, layer: string, tests: number, wallMs: number, startMs: number, endMs: number}>} */
  const files = new Map();
  const entry = (file) => {
    let found = files.get(file);
    if (!found) {
      found = { file, layer: layerOf(file), tests: 0, wallMs: 0, startMs: 0, endMs: 0 };
      files.set(file, found);
    }
    return found;
  };
  // A test counts to the file that defines it (data.file): a module of flows shared by two test
  // files (sign-in.flows.js) is a row of its own, with no wall time.
  for await (const event of source) {
    const data = event.data;
    if (!data?.file) continue;
    if (event.type === 'test:complete' && data.name === data.file && data.nesting === 0) {
      // The file's own process: its duration is the file's wall time.
      const found = entry(data.file);
      found.wallMs = data.details.duration_ms;
      found.endMs = Date.now();
      found.startMs = found.endMs - found.wallMs;
    } else if (
      (event.type === 'test:pass' || event.type === 'test:fail') &&
      data.details?.type !== 'suite' &&
      data.name !== data.file
    ) {
      entry(data.file).tests += 1;
    }
  }
  const all = [...files.values()];
  const layers = ['unit', 'integration', 'e2e', 'browser']
    .map((layer) => {
      const mine = all.filter((file) => file.layer === layer && file.endMs > 0);
      if (mine.length === 0) return undefined;
      return {
        layer,
        files: mine.length,
        tests: mine.reduce((sum, file) => sum + file.tests, 0),
        fileMs: mine.reduce((sum, file) => sum + file.wallMs, 0),
        busyMs:
          Math.max(...mine.map((file) => file.endMs)) -
          Math.min(...mine.map((file) => file.startMs)),
      };
    })
    .filter(Boolean);
  const report = {
    wallMs: Date.now() - started,
    tests: all.reduce((sum, file) => sum + file.tests, 0),
    layers,
    files: all.map(({ file, layer, tests, wallMs }) => ({
      file: path.relative(process.cwd(), file),
      layer,
      tests,
      wallMs: Math.round(wallMs),
    })),
  };
  // Each file's time, for the next run's order (scripts/test.mjs starts the slowest first).
  const timesFile = process.env.ANIMATA_TEST_TIMES_FILE;
  if (timesFile) {
    let times = {};
    try {
      times = JSON.parse(readFileSync(timesFile, 'utf8'));
    } catch {
      // First run on this machine.
    }
    for (const file of report.files) times[file.file] = file.wallMs / 1000;
    mkdirSync(path.dirname(timesFile), { recursive: true });
    writeFileSync(timesFile, `${JSON.stringify(times, null, 1)}\n`);
  }
  if (process.env.TEST_REPORT === 'json') {
    const target = process.env.TEST_REPORT_FILE ?? 'test-report.json';
    writeFileSync(target, `${JSON.stringify(report, null, 2)}\n`);
  }
  yield `${formatReport({ ...report, files: all }).join('\n')}\n`;
}
