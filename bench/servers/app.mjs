// @ts-check
// The real product, booted as `npm start` boots it (compiled output, same startApp), for a
// benchmark to load. Configuration comes from the environment the runner passes; it reports its
// URLs (the app's, the metrics port's) over IPC and closes gracefully on { type: 'stop' }.
import { loadConfig, startApp } from '@animata/server/app';

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
  if (/** @type {{ type?: string } | null} */ (message)?.type === 'stop') void stop();
});
process.once('SIGTERM', () => void stop());
// The runner went away (killed, crashed): never outlive it.
process.once('disconnect', () => void stop());
process.send?.({ type: 'ready', url: started.url, metricsUrl: started.metricsUrl });
