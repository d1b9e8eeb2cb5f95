import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/** Random base32 text: 5 bits a character from a CSPRNG. */
export function randomToken(chars: number): string {
  const bytes = randomBytes(chars);
  let out = '';
  for (let i = 0; i < chars; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

export type IdKind = 'doc' | 'job' | 'bat' | 'biz' | 'key' | 'evt' | 'dlv' | 'use' | 'req' | 'msg' | 'own' | 'cor' | 'vnd' | 'vfa';

/** Identifiers are a kind prefix and 20 random characters (100 bits), e.g. doc_4k9…: unguessable and readable in logs. */
export function newId(kind: IdKind): string {
  return `${kind}_${randomToken(20)}`;
}
