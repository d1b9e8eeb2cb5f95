// The contract both OCR engines meet, so the page logic (orientation, scaling, boxes) is written once.
import type { GrayImage } from './gray-image.js';

/** The values LEDGERLENS_OCR_ENGINE may force; checked at start-up (config.ts) and where OCR runs. */
export const ENGINE_NAMES = ['tesseract', 'tesseract.js', 'paddle'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
export const isEngineName = (value: string): value is EngineName => (ENGINE_NAMES as readonly string[]).includes(value);
export type Threshold = 'global' | 'local';

/** Tesseract's thresholding_method for each: 0 Otsu, 2 Sauvola (Tesseract 5.3 and later). */
export const THRESHOLDING_METHOD: Record<Threshold, string> = { global: '0', local: '2' };

export type PageLayout = 'auto' | 'column';

/** Tesseract's page segmentation mode for each: 3 finds blocks and columns, 6 reads one block of lines. */
export const PAGE_SEGMENTATION: Record<PageLayout, string> = { auto: '3', column: '6' };

/** A word in the pixels of the image the engine was given. */
export interface EngineWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1 */
  confidence: number;
}

export interface RecognizeOptions {
  languages: readonly string[];
  /** Known resolution (rendered PDF pages); otherwise the engine estimates it from the text size. */
  dpi?: number;
  /**
   * How the engine turns grey into black and white: one global threshold (Otsu, Tesseract's
   * default), or a local one (Sauvola) for pages with dark surroundings or uneven light, where a
   * single threshold loses the paper's edge regions.
   */
  threshold?: Threshold;
  /**
   * 'auto' lets the engine find blocks and columns; 'column' reads the page as one block of lines,
   * for a till receipt: block finding there took the amounts at the right margin, or bold totals,
   * for pictures and dropped them.
   */
  layout?: PageLayout;
  signal?: AbortSignal;
}

export interface OcrEngine {
  readonly name: EngineName;
  readonly version: string;
  /** Language models this engine can load. */
  readonly languages: readonly string[];
  /** Whether it can write this letter; absent when it writes every letter of its languages (Tesseract). */
  readonly writes?: (letter: string) => boolean;
  recognize(image: GrayImage, options: RecognizeOptions): Promise<EngineWord[]>;
}
