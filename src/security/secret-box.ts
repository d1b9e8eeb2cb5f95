// Encrypts secrets the service must be able to read back (callback signing secrets) with AES-256-GCM.
// The key lives outside the database (LEDGERLENS_SECRET_KEY or a 0600 file in the data folder), so a
// database dump alone does not reveal the secrets.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from './private-files.js';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed secret has an unknown format');
      // A fixed tag length: GCM would otherwise accept a truncated tag, which is far easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The configured key, or the data folder's key file, created on first use. */
export function loadSecretKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  const path = join(dataDir, 'secret.key');
  if (!existsSync(path)) {
    ensurePrivateFolder(dataDir);
    writeFileSync(path, randomBytes(32).toString('hex') + '\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
}
