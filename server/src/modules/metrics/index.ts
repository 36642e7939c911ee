// The metrics module's public surface: the Prometheus scrape, on a port of its own.
export { startMetricsServer, type MetricsServer } from './metrics-server.js';
