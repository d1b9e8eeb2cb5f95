// The most pixels OCR reads of one page. Kept apart from read-page.ts so the main thread's pool can
// know it without loading the image libraries.

/** Upscaled pages stay below this many pixels (an A4 page at 300 dpi is 8.7 M). */
export const MAX_OCR_PIXELS = 16_000_000;
