// `ledgerlens worker`: batch jobs and callback deliveries, no HTTP API (metrics on LEDGERLENS_METRICS_PORT
// when set). With PostgreSQL (DATABASE_URL) any
// number of these share the queue with API processes started with `serve --no-workers`; on the
// embedded store a worker may run beside `serve --no-workers` on the same data folder.
import { createServices } from '../app/services.js';
import { stopWork } from '../app/stop-work.js';
import type { Config } from '../config/config.js';
import { startMetricsServer, stopMetricsServer } from '../metrics/metrics-server.js';
import { untilStopped } from './until-stopped.js';

export async function runWorker(config: Config): Promise<number> {
  const services = await createServices(config);
  const metricsServer = config.metrics && config.metricsPort !== null ? await startMetricsServer(services.metrics, config.metricsPort, config.host, services.log) : null;
  services.jobs.start();
  services.deliveries.start();
  services.log.info({ ocr: services.ocr }, 'ledgerlens worker is ready');
  await untilStopped(services.log, config.shutdownGraceMs);
  await stopWork(services, config.shutdownGraceMs);
  await stopMetricsServer(metricsServer);
  await services.close();
  return 0;
}
