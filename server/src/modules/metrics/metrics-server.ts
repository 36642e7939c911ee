import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPaths } from '@animata/contracts';
import type { Metrics } from '../../common/metrics/metrics.js';
import { ConfigError } from '../../config/config.js';

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * The Prometheus scrape on a port of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 unless
 * told otherwise), never on the public one: route timings, job counts and process figures are
 * for the operator, not for whoever reaches the site. A plain node:http server: one route, no
 * cookies, no pages.
 */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== apiPaths.metrics || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response
          .writeHead(200, {
            'content-type': metrics.registry.contentType,
            'cache-control': 'no-store',
          })
          .end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EADDRNOTAVAIL'
          ? new ConfigError([
              `METRICS_PORT ${port} on METRICS_HOST ${host} cannot be used (${error.code}): choose another port, or 0 for any free one.`,
            ])
          : error,
      );
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}${apiPaths.metrics}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
