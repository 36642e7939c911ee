#!/usr/bin/env node
// Summarises a V8 .cpuprofile: self time by package (or our own code) and the hottest functions.
//   node bench/lib/profile-summary.mjs bench/results/profiles/app-<time>.cpuprofile [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[i] ?? 0));
}
// Idle time is the process waiting for work: left out, so shares are of the busy time.
const idleIds = new Set(
  profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
);
for (const id of idleIds) selfMicros.delete(id);
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native/V8)';
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node core';
  const own = url.match(/\/(server|web|libs|bench)\//);
  return own ? `animata ${own[1]}` : url;
}

const packages = new Map();
const functions = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const pkg = packageOf(callFrame.url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  const key = `${callFrame.functionName || '(anonymous)'}  ${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
}
// Inclusive time: a sample counts for every package on its stack (once each), so "typeorm"
// includes the pg calls it makes.
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map();
for (const [id, micros] of selfMicros) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const { callFrame } = byId.get(at);
    if (!callFrame.url) continue;
    seen.add(packageOf(callFrame.url));
  }
  for (const pkg of seen) inclusive.set(pkg, (inclusive.get(pkg) ?? 0) + micros);
}
const percent = (micros) => `${((micros / total) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `busy time sampled: ${(total / 1e6).toFixed(2)} s (idle left out)\n\nself time by package:`,
);
for (const [pkg, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${percent(micros)}  ${pkg}`);
}
console.log('\ninclusive time by package (the package or anything it called):');
for (const [pkg, micros] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${percent(micros)}  ${pkg}`);
}
console.log('\nhottest functions (self time):');
for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${percent(micros)}  ${name}`);
}
