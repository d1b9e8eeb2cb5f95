export interface IngestLimits {
  maxPages: number;
  maxPixels: number;
}
