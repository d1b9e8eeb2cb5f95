import type { Config } from '../config/config.js';

export interface IngestLimits {
  maxPages: number;
  maxPixels: number;
  /** Most bytes all of a PDF's compressed streams may decode to, together (pdf-decode-budget.ts). */
  maxDecodedBytes: number;
}

export const ingestLimits = (config: Pick<Config, 'maxPages' | 'maxPixels' | 'maxDecodedBytes'>): IngestLimits => ({
  maxPages: config.maxPages,
  maxPixels: config.maxPixels,
  maxDecodedBytes: config.maxDecodedBytes,
});
