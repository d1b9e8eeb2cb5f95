// Strict base64: Node's decoder silently skips characters it does not know, which would turn a
// typo into a corrupt file. Standard and URL-safe alphabets, line breaks and a data: URL prefix are accepted.
import { invalidRequest, ServiceError } from '../../errors.js';

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,/i;
const ALPHABET = /^[A-Za-z0-9+/\-_]*={0,2}$/;

export function decodeBase64(field: string, value: string, maxBytes: number): Buffer {
  const text = value.replace(DATA_URL, '').replace(/[\r\n\t ]+/g, '');
  if (!text) throw invalidRequest(`${field} is empty`);
  if (!ALPHABET.test(text) || text.length % 4 === 1) throw invalidRequest(`${field} is not valid base64`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((text.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) {
    throw new ServiceError('file_too_large', `${field} decodes to ${decodedLength} bytes; at most ${maxBytes} are accepted`);
  }
  const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (bytes.length === 0) throw invalidRequest(`${field} is empty`);
  return bytes;
}
