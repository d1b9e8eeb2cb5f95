// `ledgerlens serve`: the API, and in the embedded default also the batch workers, in one process; with
// LEDGERLENS_SMTP_PORT also the inbound SMTP listener of the email channel.
import { createServices } from '../app/services.js';
import { stopWork } from '../app/stop-work.js';
import { buildServer } from '../api/server.js';
import type { Config } from '../config/config.js';
import { startMetricsServer, stopMetricsServer } from '../metrics/metrics-server.js';
import { startConfiguredSmtpListener } from '../email/start.js';
import { generatePassword } from './owners.command.js';
import { untilStopped } from './until-stopped.js';

/** The owner created on first start; an address on no real domain, so it cannot be mistaken for a person's. */
const FIRST_OWNER_EMAIL = 'owner@ledgerlens.localhost';

export async function runServe(config: Config): Promise<number> {
  const services = await createServices(config);
  await bootstrapFirstKey(services);
  // The owner's password hash (scrypt, on libuv's thread pool) is made while the server is built.
  const [server] = await Promise.all([buildServer(services), bootstrapFirstOwner(services, config)]);
  await server.listen({ port: config.port, host: config.host });
  const metricsServer = config.metrics && config.metricsPort !== null ? await startMetricsServer(services.metrics, config.metricsPort, config.host, services.log) : null;
  const smtp = await startConfiguredSmtpListener(services);
  if (config.runWorkers) {
    services.jobs.start();
    services.deliveries.start();
  }
  services.log.info({ workers: config.runWorkers, smtp_port: smtp?.port, data_dir: config.databaseUrl ? undefined : config.dataDir, ocr: services.ocr }, 'ledgerlens is ready');

  await untilStopped(services.log, config.shutdownGraceMs);
  // The listeners close with the rest: a message being received still gets its reply and its jobs,
  // and an upload its answer, before the store closes.
  await stopWork(services, config.shutdownGraceMs, [smtp?.close(), server.close()]);
  await stopMetricsServer(metricsServer);
  await services.close();
  return 0;
}

/** On the very first start there is no way in: create a business and a key and print the key once. */
async function bootstrapFirstKey(services: Awaited<ReturnType<typeof createServices>>): Promise<void> {
  if (await services.keys.hasBusinesses()) return;
  const key = await services.keys.createKey('default');
  // Written to stdout, not the log: the secret must not end up in log files.
  process.stdout.write(
    `\nFirst start: created business "${key.businessName}" (${key.businessId}) and an API key.\n` +
      `It is shown only now; keep it safe:\n\n  ${key.secret}\n\n`,
  );
}

/** Likewise for the dashboard: without an owner nobody can sign in, so create one and print its password once. */
async function bootstrapFirstOwner(services: Awaited<ReturnType<typeof createServices>>, config: Config): Promise<void> {
  if (await services.owners.hasOwners()) return;
  const password = generatePassword();
  const owner = await services.owners.create(FIRST_OWNER_EMAIL, password);
  process.stdout.write(
    `\nFirst start: created the dashboard owner ${owner.email}. Sign in at http://localhost:${config.port}/dashboard/ with this password,\n` +
      `shown only now (add owners with \`ledgerlens owners create --email ...\`):\n\n  ${password}\n\n`,
  );
}
