// Admin commands open the store, do one thing and close it again.
import { destination } from 'pino';
import { createLogger } from '../app/logger.js';
import { createServices, type Services } from '../app/services.js';
import type { Config } from '../config/config.js';

export async function withServices<T>(config: Config, work: (services: Services) => Promise<T>): Promise<T> {
  // Logs go to stderr: stdout carries only the command's output, the new key on its last line.
  const services = await createServices({ ...config, extractionThreads: 1 }, { log: createLogger('warn', destination(2)) });
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}
