#!/usr/bin/env node
// @ts-check
// The top entries of a V8 CPU profile (`node --cpu-prof`, e.g. through BENCH_APP_NODE_ARGS):
//   node bench/lib/profile-top.mjs FILE.cpuprofile [--top 30] [--by function|package]
//        [--total] [--from SECONDS] [--without writev,writeBuffer]
// `--by function` (the default) lists functions with their file and line; `--by package` folds
// them by npm package (or `server`, `node:…`, `(garbage collector)`, `(native)`), which tells at
// a glance how much Nest, Fastify, TypeORM, class-validator or pg cost. `--total` ranks by
// inclusive time (a function and everything it called) instead of self time.
// Shares are of the samples taken while the process was busy (idle samples left out, since a
// loaded server idles too); `(program)` is native work V8 does not attribute to a function.
// `--from` leaves out the first seconds (module loading and compilation at start), `--without`
// the samples of the functions named: the profiler samples wall time, so on a busy machine the
// socket writes (`writev`, `writeBuffer`, where the thread hands its core to the process it woke)
// look far dearer than their CPU; leaving them out shows the shares of the rest.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const valued = new Set(['--top', '--by', '--from', '--without']);
const file = args.find((arg, index) => !arg.startsWith('--') && !valued.has(args[index - 1] ?? ''));
const top = Number(option('top', 30));
const by = option('by', 'function');
const total = args.includes('--total');
const fromMicros = Number(option('from', 0)) * 1e6;
const without = new Set(String(option('without', '')).split(',').filter(Boolean));
if (!file) {
  console.error(
    'usage: node bench/lib/profile-top.mjs FILE.cpuprofile [--top N] [--by function|package] [--total] [--from SECONDS] [--without NAME,…]',
  );
  process.exit(2);
}

/**
 * @typedef {{ id: number, children?: number[],
 *   callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 */
/** @type {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
/** @type {Map<number, number>} */
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

/** Where a URL's code comes from: a package name, `server`, `node:…`, or the bare name. */
function packageOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0];
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/server/')) return 'server';
  if (url.includes('/libs/contracts/')) return '@animata/contracts';
  return url;
}

function keyOf(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  if (by === 'package') return packageOf(url, functionName);
  const where = url
    ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(server|libs)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

const micros = new Map();
let busy = 0;
let idle = 0;
let left = 0;
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const node = nodes.get(id);
  const delta = profile.timeDeltas[index] ?? 0;
  elapsed += delta;
  if (!node || elapsed < fromMicros) return;
  const name = node.callFrame.functionName;
  if (name === '(idle)' || name === '(root)') {
    idle += delta;
    return;
  }
  if (without.has(name)) {
    left += delta;
    return;
  }
  busy += delta;
  if (!total) {
    const key = keyOf(node);
    micros.set(key, (micros.get(key) ?? 0) + delta);
    return;
  }
  // Inclusive: every distinct key on the sample's stack gets its time once (recursion aside).
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const frame = nodes.get(at);
    if (!frame || frame.callFrame.functionName === '(root)') continue;
    const key = keyOf(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    micros.set(key, (micros.get(key) ?? 0) + delta);
  }
});

const rows = [...micros].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(
  `${file}: busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s` +
    (without.size > 0
      ? `, left out ${(left / 1e6).toFixed(2)} s (${[...without].join(', ')})`
      : '') +
    `; ${total ? 'total' : 'self'} time by ${by}, share of busy`,
);
for (const [key, value] of rows) {
  console.log(
    `${((100 * value) / busy).toFixed(1).padStart(5)} %  ${(value / 1e3).toFixed(0).padStart(7)} ms  ${key}`,
  );
}
