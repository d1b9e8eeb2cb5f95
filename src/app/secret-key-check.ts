// Every process of an installation must hold the same secret key: it opens the callback secrets the
// others sealed and signs the cursors they issued. A worker started with another key (its own data
// folder's key file, a typo in LEDGERLENS_SECRET_KEY) would fail every delivery it picks up, so the
// store records a fingerprint of the key on first start and a process whose key differs refuses to
// start. The fingerprint is an HMAC of a fixed text under the key: it tells keys apart and reveals
// nothing of the key.
import { createHmac } from 'node:crypto';
import { ConfigError } from '../config/config.js';
import type { InstallationSettingsRepository } from '../storage/repositories/installation-settings.repository.js';

const SETTING = 'secret_key_fingerprint';

export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('ledgerlens secret key fingerprint').digest('hex').slice(0, 32);
}

/** Records the key's fingerprint on the store's first start; throws ConfigError when the store knows another key. */
export async function checkSecretKey(settings: InstallationSettingsRepository, key: Buffer): Promise<void> {
  const kept = await settings.putIfAbsent(SETTING, keyFingerprint(key));
  if (kept !== keyFingerprint(key)) {
    throw new ConfigError(
      'LEDGERLENS_SECRET_KEY (or the data folder\'s secret.key) is not the key this database was first used with; every process of an installation needs the same key (docs/scaling.md)',
    );
  }
}
