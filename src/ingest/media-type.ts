// The real type of an upload comes from its bytes; the declared content type is only a label,
// except to name the failure: bytes sent as a PDF that are no document at all are a damaged PDF.
import { fileTypeFromBuffer } from 'file-type';
import { ServiceError } from '../errors.js';

export const SUPPORTED_MEDIA_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/avif',
] as const;
export type MediaType = (typeof SUPPORTED_MEDIA_TYPES)[number];

const ALIASES: Record<string, MediaType> = { 'image/heif': 'image/heic' };

function isSupported(mime: string): mime is MediaType {
  return (SUPPORTED_MEDIA_TYPES as readonly string[]).includes(mime);
}

/** Whether a declared Content-Type (any case, any parameters) says PDF. */
function declaresPdf(declaredType: string | null | undefined): boolean {
  return declaredType?.split(';')[0]!.trim().toLowerCase() === 'application/pdf';
}

export async function detectMediaType(bytes: Uint8Array, declaredType?: string | null): Promise<MediaType> {
  const found = await fileTypeFromBuffer(bytes);
  const mime = found ? (ALIASES[found.mime] ?? found.mime) : undefined;
  // An image signature at offset 0 wins: a JPEG that carries "%PDF-" in a comment (a polyglot) is
  // shown as a JPEG by every viewer, so it is read as one.
  if (mime && mime !== 'application/pdf' && isSupported(mime)) return mime;
  // PDF readers accept a header anywhere in the first KiB; file-type wants it at offset 0.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  if (mime && isSupported(mime)) return mime;
  if (declaresPdf(declaredType)) throw new ServiceError('pdf_unreadable', 'the file was sent as a PDF but its bytes are not a readable PDF');
  throw new ServiceError(
    'unsupported_media_type',
    `${found ? `files of type ${found.mime}` : 'this file type'} cannot be processed; send a PDF or a JPEG, PNG, TIFF, WebP, GIF, HEIC or AVIF image`,
  );
}
