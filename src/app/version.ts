// The service's own version, from its package.json (two folders above dist/src/app once built).
import { readFileSync } from 'node:fs';

export const SERVICE_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Sent with every outgoing request, so a receiver's logs say who called. */
export const USER_AGENT = `ledgerlens/${SERVICE_VERSION} (callbacks)`;
