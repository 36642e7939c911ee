#!/usr/bin/env node
// Runs every bench/*.bench.mjs, or the ones named: `npm run bench [-- health-ready]`.
// Prints a table per bench and writes everything to bench/results/<timestamp>.json.
// Exits 0 whether or not a target ratio was met (timing is not a test); 1 only when a bench
// could not run at all (a server did not start, targets answered differently).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchDir,
  checkSameAnswer,
  compare,
  compareLatency,
  machine,
  printChecks,
  printLatencyTable,
  printTable,
  roundSettings,
  runInterleaved,
  summarize,
  summarizeLatency,
  writeResults,
} from './lib/index.mjs';

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .sort();
const chosen =
  wanted.length === 0
    ? available
    : wanted.map((name) => {
        const file = available.find((f) => f === name || f === `${name}.bench.mjs`);
        if (!file) {
          console.error(
            `No benchmark "${name}". Available: ${available.map((f) => f.replace('.bench.mjs', '')).join(', ')}`,
          );
          process.exit(2);
        }
        return file;
      });

const startedAt = new Date();
const record = { startedAt: startedAt.toISOString(), machine: machine(), benches: [] };
let failed = false;
let current = null;
// Ctrl-C or SIGTERM: stop the servers and the database before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark servers`);
    Promise.resolve(current?.teardown())
      .catch(() => undefined)
      .finally(() => process.exit(130));
  });
}

for (const file of chosen) {
  const bench = (await import(pathToFileURL(path.join(benchDir, file)).href)).default;
  const settings = roundSettings(bench.settings);
  console.log(`\n== ${bench.name}: ${bench.title}`);
  console.log(
    bench.run
      ? `   ${settings.rounds} rounds of the bench's own phases, interleaved, after a warm-up; in the runner process (pid ${process.pid})`
      : bench.measure
        ? `   ${settings.rounds} rounds, each ${settings.durationSeconds} s at rest then one load phase, after ${settings.warmupSeconds} s warm-up;` +
          ` one request at a time from the runner process (pid ${process.pid})`
        : `   ${settings.rounds} rounds x ${settings.durationSeconds} s per target, alternating, after ${settings.warmupSeconds} s warm-up;` +
          ` ${settings.connections} connections, pipelining ${settings.pipelining}; load generated in the runner process (pid ${process.pid})`,
  );
  let environment;
  try {
    environment = await bench.setup();
    current = environment;
    console.log(`   targets: ${environment.targets.map((t) => `${t.name} ${t.url}`).join(', ')}`);
    const measured = bench.run
      ? await measureOwn(bench, environment, settings)
      : bench.measure
        ? await measureLatency(bench, environment, settings)
        : await measureRequestRate(bench, environment.targets, settings);
    record.benches.push({
      name: bench.name,
      title: bench.title,
      settings,
      notes: environment.notes ?? {},
      ...measured,
    });
  } catch (error) {
    failed = true;
    console.error(`\n${bench.name} could not run: ${error instanceof Error ? error.stack : error}`);
    record.benches.push({
      name: bench.name,
      error: String(error instanceof Error ? error.message : error),
    });
  } finally {
    current = null;
    await environment
      ?.teardown()
      .catch((error) => console.error(`teardown of ${bench.name}: ${error.message}`));
  }
}

record.finishedAt = new Date().toISOString();
const file = writeResults(startedAt, record);
console.log(`results written to ${path.relative(process.cwd(), file)}`);
process.exit(failed ? 1 : 0);

/** autocannon rounds alternating between the targets, one or several requests (scenarios). */
async function measureRequestRate(bench, targets, settings) {
  // One request, or several scenarios measured on the same setup (seeding once).
  const scenarios = bench.scenarios ?? [{ name: bench.name, request: bench.request }];
  const results = {};
  for (const scenario of scenarios) {
    if (scenarios.length > 1) console.log(`\n-- ${scenario.name}: ${scenario.request.path}`);
    // A scenario may measure its own targets (e.g. two requests to one server, interleaved).
    const measured = scenario.targets ? scenario.targets(targets) : targets;
    await checkSameAnswer(measured, scenario.request, {
      sameBody: scenario.sameBody ?? bench.sameBody ?? false,
    });
    // A scenario may load with its own settings (more connections, say); the rest are the bench's.
    const scenarioSettings = { ...settings, ...scenario.settings };
    const samples = await runInterleaved(measured, scenario.request, scenarioSettings);
    const summary = summarize(
      samples,
      measured.map((t) => t.name),
    );
    // A scenario may compare nothing itself (compare: null): its checks read its figures.
    const against = scenario.compare === undefined ? bench.compare : scenario.compare;
    const comparison = against ? compare(samples, summary, against) : null;
    const title = scenarios.length > 1 ? `${bench.title}: ${scenario.name}` : bench.title;
    printTable(title, summary, comparison);
    results[scenario.name] = { request: scenario.request, summary, comparison, samples };
  }
  const checks = bench.checks ? bench.checks(results) : [];
  printChecks(checks);
  const only = scenarios.length === 1 ? results[scenarios[0].name] : null;
  return {
    ...(only
      ? {
          request: only.request,
          summary: only.summary,
          comparison: only.comparison,
          samples: only.samples,
        }
      : { scenarios: results }),
    checks,
  };
}

/**
 * A bench that is not about requests (the render pipeline's frames per second): it runs and
 * prints its own rounds and returns its summary and floors, which the runner prints and keeps.
 */
async function measureOwn(bench, environment, settings) {
  const { summary, samples, checks = [] } = await bench.run(environment, settings);
  printChecks(checks);
  return { summary, samples, checks };
}

/** The bench's own phases (at rest, under load), one request at a time, compared by latency. */
async function measureLatency(bench, environment, settings) {
  const { subject, baseline } = bench.latency;
  const samples = await bench.measure(environment, settings);
  const summary = summarizeLatency(samples, [baseline, subject]);
  const comparison = compareLatency(samples, summary, bench.latency);
  printLatencyTable(bench.title, summary, comparison);
  return { summary, comparison, samples };
}
