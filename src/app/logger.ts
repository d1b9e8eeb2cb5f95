// The service's pino logger. Keys travel in request headers, and libraries log headers at debug and
// trace level (@fastify/multipart logs the whole busboy options, headers included), so the
// credential headers are censored wherever a headers object is logged, up to two levels deep.
import { pino, type DestinationStream, type Logger } from 'pino';

// The CSRF token is no credential alone, but with a stolen session cookie it is what lets writes through.
const CREDENTIAL_HEADERS = ['authorization', '"x-api-key"', 'cookie', '"x-csrf-token"'];
const HEADER_OWNERS = ['headers', '*.headers', '*.*.headers'];

export const REDACTED_PATHS = HEADER_OWNERS.flatMap((owner) => CREDENTIAL_HEADERS.map((header) => `${owner}[${header}]`));

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
