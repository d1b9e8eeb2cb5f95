// Whether an upload is an image larger than OCR ever reads, from its header alone (image-size reads
// the size without decoding, in plain JavaScript, so the main thread loads no image library for it).
import { imageSize } from 'image-size';
import type { MediaType } from '../ingest/media-type.js';
import { MAX_OCR_PIXELS } from './ocr/ocr-pixels.js';

/**
 * Such a page is decoded whole and only then brought down to what OCR reads: a 35 MP receipt scan
 * holds about 90 MB in its thread and 90 MB in its Tesseract child. PDFs are never large here: their
 * pages are rendered at the resolution OCR reads. A header that cannot be read is not large: the
 * worker refuses the file before decoding it.
 */
export function isLargePage(bytes: Uint8Array, mediaType: MediaType): boolean {
  if (mediaType === 'application/pdf') return false;
  try {
    const { width, height } = imageSize(bytes);
    return width * height > MAX_OCR_PIXELS;
  } catch {
    return false;
  }
}
