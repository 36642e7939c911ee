import { endpoints } from '@animata/contracts';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Metrics } from '../../common/metrics/metrics.js';

@Controller()
export class MetricsController {
  constructor(@Inject(Metrics) private readonly metrics: Metrics) {}

  /** Prometheus text format. */
  @Get(endpoints.metrics.path)
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  async scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
