// The admin commands' way to the store: services with one extraction thread and logs on stderr, so
// stdout carries only the command's output (a new key or password on its own line).
import { destination, pino } from 'pino';
import { createServices, type Services } from '../app/services.js';
import type { Config } from '../config/config.js';

export async function withServices<T>(config: Config, work: (services: Services) => Promise<T>): Promise<T> {
  // Logs go to stderr: stdout carries only the command's output, the new key on its last line.
  const services = await createServices({ ...config, extractionThreads: 1 }, { log: pino({ level: 'warn' }, destination(2)) });
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

