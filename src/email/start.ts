// Starts the SMTP listener of a process when the configuration asks for one (LEDGERLENS_SMTP_PORT).
import type { Services } from '../app/services.js';
import { startSmtpListener, type SmtpListener } from './smtp-listener.js';

export async function startConfiguredSmtpListener(services: Services): Promise<SmtpListener | null> {
  const { config } = services;
  if (config.smtpPort === null) return null;
  return startSmtpListener(
    { email: services.email, intake: services.mailIntake, log: services.log },
    {
      port: config.smtpPort,
      host: config.smtpHost,
      maxMessageBytes: config.smtpMaxMessageBytes,
      maxFileBytes: config.maxFileBytes,
      tls: config.smtpTls,
    },
  );
}
