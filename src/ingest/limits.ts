import type { Config } from '../config/config.js';

export interface IngestLimits {
  maxPages: number;
  maxPixels: number;
  /** Most bytes all of a PDF's compressed streams may decode to, together (pdf-decode-budget.ts). */
  maxDecodedBytes: number;
  /** Most bytes one of them may decode to, unless the file is larger than half of it. */
  maxDecodedStreamBytes: number;
}

export const ingestLimits = (config: Pick<Config, 'maxPages' | 'maxPixels' | 'maxDecodedBytes' | 'maxDecodedStreamBytes'>): IngestLimits => ({
  maxPages: config.maxPages,
  maxPixels: config.maxPixels,
  maxDecodedBytes: config.maxDecodedBytes,
  maxDecodedStreamBytes: config.maxDecodedStreamBytes,
});
