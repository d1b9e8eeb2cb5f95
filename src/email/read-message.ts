// A raw message in, what the channel needs out: who sent it, the key that recognises a retried
// delivery, and its attachments split into documents (PDF and images, by their bytes) and ignored
// parts with the reason. Images embedded in the HTML body (logos, signatures) are not attachments.
import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { cleanFilename } from '../api/upload/filename.js';
import { ServiceError } from '../errors.js';
import { detectMediaType } from '../ingest/media-type.js';
import { normaliseAddress } from './addresses.js';

export interface MailAttachment {
  filename: string;
  declaredType: string;
  bytes: Buffer;
  sha256: string;
}

export interface IgnoredAttachment {
  filename: string;
  reason: string;
}

export interface ReceivedMail {
  /** The From header's address, or the envelope sender when the header names no single address. */
  sender: string | null;
  messageId: string | null;
  /** SHA-256 of the sender and the Message-ID (the whole raw message when there is none). */
  messageKey: string;
  subject: string;
  documents: MailAttachment[];
  ignored: IgnoredAttachment[];
}

export class UnreadableMessage extends Error {}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export async function readMessage(raw: Buffer, envelopeSender: string | null, maxFileBytes: number): Promise<ReceivedMail> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      keepCidLinks: true,
      checksumAlgo: false,
    });
  } catch (error) {
    throw new UnreadableMessage(error instanceof Error ? error.message : String(error));
  }
  const sender = headerSender(mail) ?? normaliseAddress(envelopeSender);
  const messageId = mail.messageId?.trim() || null;
  const documents: MailAttachment[] = [];
  const ignored: IgnoredAttachment[] = [];
  const seen = new Set<string>();
  let index = 0;
  for (const part of mail.attachments) {
    if (part.related) continue;
    index++;
    const filename = cleanFilename(part.filename) ?? `attachment-${index}`;
    if (part.content.length > maxFileBytes) {
      ignored.push({ filename, reason: `file_too_large: larger than ${maxFileBytes} bytes` });
      continue;
    }
    try {
      await detectMediaType(part.content, part.contentType);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      ignored.push({ filename, reason: `${error.code}: ${error.message}` });
      continue;
    }
    // The same file attached twice is one document.
    const hash = sha256(part.content);
    if (seen.has(hash)) continue;
    seen.add(hash);
    documents.push({ filename, declaredType: part.contentType, bytes: part.content, sha256: hash });
  }
  return {
    sender,
    messageId,
    messageKey: sha256(`${sender ?? ''}\n${messageId ? `id:${messageId}` : `raw:${sha256(raw)}`}`),
    subject: (mail.subject ?? '').slice(0, 500),
    documents,
    ignored,
  };
}

function headerSender(mail: ParsedMail): string | null {
  const addresses = (mail.from?.value ?? []).filter((a) => a.address);
  return addresses.length === 1 ? normaliseAddress(addresses[0]!.address) : null;
}
