// API key secrets: `llk_<key id>_<secret>`. Only a SHA-256 of the secret is stored; the secret has
// 160 random bits, so a fast hash is enough (no password stretching needed), and the comparison
// runs in constant time after the key id has found the row.
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from './ids.js';

const PATTERN = /^llk_(key_[0-9a-z]{20})_([0-9a-z]{32})$/;

export interface IssuedKey {
  id: string;
  secret: string;
  secretHash: string;
}

export function issueKey(): IssuedKey {
  const id = `key_${randomToken(20)}`;
  const secretPart = randomToken(32);
  return { id, secret: `llk_${id}_${secretPart}`, secretHash: hashSecret(secretPart) };
}

export function parseKey(presented: string): { id: string; secretPart: string } | null {
  const match = PATTERN.exec(presented);
  return match ? { id: match[1]!, secretPart: match[2]! } : null;
}

export function hashSecret(secretPart: string): string {
  return createHash('sha256').update(secretPart).digest('hex');
}

export function secretMatches(secretPart: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secretPart), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
