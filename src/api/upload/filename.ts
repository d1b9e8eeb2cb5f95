// Client filenames are labels to show and search, never paths: anything before the last slash or
// backslash goes, control characters, invalid UTF-8 replacement marks and lone surrogates go,
// length is capped.
import type { MediaType } from '../../ingest/media-type.js';

const MAX_LENGTH = 255;

export function cleanFilename(raw: string | undefined): string | null {
  if (!raw) return null;
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters, the replacement mark of invalid UTF-8, and bidirectional overrides that
    // would make "‮fdp.exe" display as "exe.pdf".
    .replace(/[\u0000-\u001f\u007f-\u009f\ufffd\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    // Lone surrogates (JSON can spell them as \ud800) are not text and cannot be stored as UTF-8.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim()
    .replace(/^\.+$/, '');
  return cleaned ? [...cleaned].slice(0, MAX_LENGTH).join('') : null;
}

const EXTENSIONS: Record<MediaType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/avif': 'avif',
};

/** The name shown for a file uploaded without one. */
export function defaultFilename(index: number, mediaType?: MediaType): string {
  return `document-${index + 1}${mediaType ? `.${EXTENSIONS[mediaType]}` : ''}`;
}
