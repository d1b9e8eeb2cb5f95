export interface IngestLimits {
  maxPages: number;
  maxPixels: number;
}

/**
 * The most bytes one compressed PDF stream may decode to: the raw RGBA of the largest image page
 * accepted. Nothing legitimate in a document is bigger than its largest page image.
 */
export const maxStreamBytes = (limits: IngestLimits): number => limits.maxPixels * 4;
