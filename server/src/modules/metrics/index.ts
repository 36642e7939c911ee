// The metrics module's public surface: the Prometheus scrape.
export { MetricsController } from './metrics.controller.js';
