// The real product, booted as `npm start` boots it (compiled output, same startApp), for a
// benchmark to load. Configuration comes from the environment the runner passes; it reports its
// URL over IPC and closes gracefully on { type: 'stop' }.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../lib/paths.mjs';

// BENCH_APP_DIST: another build of the server (a variant's, see BENCH_VARIANT_DIST in login.bench).
const dist = process.env.BENCH_APP_DIST
  ? path.resolve(repoRoot, process.env.BENCH_APP_DIST)
  : path.join(repoRoot, 'server/dist/server/src');
await import('reflect-metadata');
const { loadConfig } = await import(pathToFileURL(path.join(dist, 'config/config.js')).href);
const { startApp } = await import(pathToFileURL(path.join(dist, 'app/create-app.js')).href);

const config = loadConfig(process.env);
const started = await startApp(config);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 15_000).unref();
  await started.close();
  process.exit(0);
};
process.on('message', (message) => {
  if (message?.type === 'stop') void stop();
});
process.once('SIGTERM', () => void stop());
// The runner went away (killed, crashed): never outlive it.
process.once('disconnect', () => void stop());
process.send({ type: 'ready', url: started.url });
