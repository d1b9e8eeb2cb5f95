// `ledgerlens owners create|reset-password --email X [--password-stdin]`: workspace owners, who sign
// in to the dashboard. Without --password-stdin a password is generated and printed once, to stdout
// only; passwords never reach the log.
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import type { Config } from '../config/config.js';
import { randomToken } from '../security/ids.js';
import { withServices } from './with-services.js';

const USAGE = 'usage: ledgerlens owners create --email EMAIL [--password-stdin] | reset-password --email EMAIL [--password-stdin]';

/** 24 base32 characters: 120 random bits, easy to copy. */
export const generatePassword = (): string => randomToken(24);

export async function runOwners(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
  });
  const [action] = positionals;
  if ((action !== 'create' && action !== 'reset-password') || !values.email) {
    console.error(USAGE);
    return 1;
  }
  const email = values.email;
  // Only the line ending a pipe adds is dropped: spaces inside or around a password are part of it.
  const password = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : generatePassword();
  return withServices(config, async (services) => {
    const owner = action === 'create' ? await services.owners.create(email, password) : await services.owners.resetPassword(email, password);
    console.log(`owner ${owner.email} ${owner.id}${action === 'reset-password' ? ' (password changed, sessions ended)' : ''}`);
    if (!values['password-stdin']) console.log(`password (shown only now): ${password}`);
    return 0;
  });
}
