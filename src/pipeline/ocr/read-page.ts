// One page through OCR: level the text lines, bring the text to the size Tesseract reads best,
// read it, and if the reading is weak find out whether the page lies on its side or upside down.
// Words come back on 0..1000 of the corrected page (upright and levelled); see README.md.
import type { PageView, Word } from '../types.js';
import type { EngineName, EngineWord, OcrEngine, PageLayout, RecognizeOptions, Threshold } from './engine.js';
import { fromGray, toGray, type GrayImage } from './gray-image.js';
import { MAX_LANGUAGES, otherScriptModels } from './languages.js';
import { MAX_OCR_PIXELS } from './ocr-pixels.js';
import { analysePage, type PageGeometry } from './orientation.js';
import { despeckle, despeckled, isSpeckled } from './speckle.js';
import { mendMisreadWords } from './misread-words.js';
import { joinSplitAmounts } from './split-amounts.js';
import { languageWithUnwrittenLetters } from './unwritten-letters.js';

export interface PageToRead {
  page: number;
  image: GrayImage;
  /** Pixels of `image` per unit of the page size reported back (image pixels, or PDF points). */
  unitsScale: number;
  /** Resolution of `image` when known (rendered PDF pages). */
  dpi?: number;
  /** Cap on the long side when the text is large enough anyway (photos). */
  longSide?: number;
}

export interface ReadPage {
  words: Word[];
  /** Size of the corrected page in the caller's units. */
  width: number;
  height: number;
  /** Clockwise turn applied to read the page: 0, 90, 180 or 270. */
  rotated: number;
  /** Clockwise degrees applied on top of `rotated` to level the lines. */
  deskewed: number;
  /** Where the words' page lies on the image given, when it is not the image as given. */
  view?: PageView;
  /** The engine whose reading this is. */
  engine: EngineName;
  warnings: string[];
}

/**
 * Line heights as orientation.ts measures them (the dense part of a line, about the x-height plus
 * a little): 20 px on an A4 invoice at 300 dpi, 9–31 px on the corpus's receipt scans.
 * Tesseract reads best with capitals of 20–30 px, i.e. a measured line of roughly 20–30 px.
 */
const TARGET_LINE_PX = 24;
const UPSCALE_BELOW_PX = 14;
const DOWNSCALE_ABOVE_PX = 90;
const MAX_UPSCALE = 3;
/** Below this a text line is too small to read reliably even after upscaling. */
const LOW_RESOLUTION_LINE_PX = 9;
/** Levelling costs a resample (~0.2 s on an A4 page); Tesseract read a 4° tilt of short lines unaided. */
const MIN_DESKEW = 1;
/**
 * Mean confidence below which the orientation is questioned. The corpus's upright receipts and
 * photos read at 0.64–0.92 (native Tesseract, eng+deu+est, mean per word), most above 0.76; an
 * upside-down test page at 0.56, and a page on its side at 0.63 with tesseract.js's default page
 * segmentation (garbage, not nothing).
 */
const WEAK_CONFIDENCE = 0.72;
/** Below this many pixels (as read) orientation trials read the whole page: cropping would save little. */
const SMALL_PAGE_PIXELS = 1_500_000;
/** Share of an all-white page's pixels that still look like ink (dust, edges). */
const BLANK_INK = 0.0005;
/**
 * Above this share of dark surroundings (orientation.ts) the page is binarised locally. Sauvola read
 * the corpus's phone photos better (up to three times the confident letters; their dark share
 * 6–55 %), but on plain scans (at most 5.4 %) it was no better on the whole, lost all the text of
 * one faint scan and the shop name of another.
 */
const LOCAL_THRESHOLD_ABOVE = 0.06;
/**
 * Share of the dark surroundings that is black (orientation.ts, blackSurround) from which they are
 * a scanner's open lid. Measured on the page as readPage sees it (after cutting to the paper): the
 * corpus's receipt scans with a dark share of 3 % or more 0.52–0.80, its phone photos 0.002–0.40,
 * but one photo on a grey table 0.51, which this takes for a scan (docs/ocr-engines.md: its fields
 * read worse by PP-OCR; the surroundings' colour would tell it apart, and is not measured here).
 */
const SCANNER_LID_BLACK = 0.45;
/**
 * A text column at most this many line heights wide is a till receipt's, read as one block of lines
 * (engine.ts, PageLayout). The corpus's receipts, scanned or photographed, measured 20–33; the first
 * pages of its A4 and letter invoices and bills 63–101.
 */
const COLUMN_MAX_LINE_HEIGHTS = 45;
/**
 * A text column at most this many line heights wide, on an upright page taller than wide, is a till
 * receipt's for PP-OCR: the corpus's receipt scans measured 20–49 (one at 49, printed wide), its A4
 * and letter pages 63 and more. (Tesseract's one block of lines keeps COLUMN_MAX_LINE_HEIGHTS.)
 */
const RECEIPT_MAX_LINE_HEIGHTS = 55;
/**
 * Share of a page's words (of three letters or more) that look like another script read with Latin
 * models ("CeBepHbin", "6e3"), at or above which the page is tried with the models of other
 * scripts. Read with eng+deu+est (native Tesseract): 7 Russian pages of 80 generated degraded ones
 * (seed 13) 0.175–0.271, the 73 Latin-script pages at most 0.097; the corpus's receipts, photos and
 * e-invoice renderings at most 0.079; a clean Russian test page 0.3.
 */
const OTHER_SCRIPT_SHARE = 0.14;
/** Share of the letters read again with both models that must be the other script's to keep that reading. */
const OTHER_SCRIPT_LETTERS = 0.4;

/** The engine for the page's languages, and PP-OCR for a till receipt's column when installed (select-engine.ts). */
export interface Engines {
  engine: OcrEngine;
  receipts?: OcrEngine;
}

export async function readPage({ engine, receipts }: Engines, page: PageToRead, languages: readonly string[], signal?: AbortSignal): Promise<ReadPage> {
  const warnings: string[] = [];
  const speckled = isSpeckled(page.image);
  const { input, geometry, crop } = await onPaper(speckled ? { ...page, image: await despeckled(page.image) } : page, warnings);
  const size = (image: { width: number; height: number }, scale: number) => ({ width: round1(image.width / scale / input.unitsScale), height: round1(image.height / scale / input.unitsScale) });
  if (geometry.ink < BLANK_INK) {
    return { words: [], ...size(input.image, 1), rotated: 0, deskewed: 0, engine: engine.name, warnings: [`no_text_found: page ${input.page} looks blank`] };
  }

  const scale = chooseScale(input.image, geometry.lineHeight, input.longSide);
  if (geometry.lineHeight !== undefined && geometry.lineHeight < LOW_RESOLUTION_LINE_PX) {
    warnings.push(`low_resolution: page ${input.page} has text lines about ${Math.round(geometry.lineHeight)} px high; small print may be misread`);
  }
  const layout = pageLayout(geometry);
  const reading = { image: input.image, geometry, scale, speckled, languages, layout, ...(input.dpi ? { dpi: input.dpi * scale } : {}), ...(signal ? { signal } : {}) };
  // PP-OCR's reading of a receipt is kept unless it is weak, or its words are in a language whose
  // letters PP-OCR cannot write: the engine of the page's languages reads it then.
  const fromReceipts = receipts && isReceiptScan(input.image, geometry) ? await readWith(receipts, reading) : undefined;
  const kept = fromReceipts && fromReceipts.quality.meanConfidence >= WEAK_CONFIDENCE && !languageWithUnwrittenLetters(fromReceipts.words, fromReceipts.engine.writes ?? (() => true));
  const best = kept ? fromReceipts : await readWith(engine, reading);
  warnings.push(...best.warnings.map((warning) => warning.replace('{page}', String(input.page))));

  const quarter = quarterOf(best.turn);
  const skew = round1(normalise(best.turn - quarter));
  if (quarter) warnings.push(`page_rotated: page ${input.page} was turned ${quarter}° clockwise to read it`);
  if (Math.abs(skew) >= 1.5) warnings.push(`page_deskewed: page ${input.page} was levelled by ${skew}°`);
  if (best.words.length && best.quality.meanConfidence < 0.6) {
    warnings.push(`low_ocr_confidence: page ${input.page} was read with a mean confidence of ${best.quality.meanConfidence.toFixed(2)}`);
  }
  if (!best.words.length) warnings.push(`no_text_found: OCR found no words on page ${input.page}`);
  // A right-angle turn keeps every pixel: report the page's exact size rather than a rounded rescale.
  const exact = best.turn % 90 === 0;
  const [w, h] = best.turn % 180 === 0 ? [input.image.width, input.image.height] : [input.image.height, input.image.width];
  return {
    words: mendMisreadWords(joinSplitAmounts(best.words)).map((word) => toPageWord(word, best.image)),
    ...(exact ? size({ width: w, height: h }, 1) : size(best.image, scale)),
    rotated: quarter,
    deskewed: skew,
    engine: best.engine.name,
    ...(crop || best.turn !== 0 ? { view: { crop: crop ?? [0, 0, 1000, 1000], rotation: round1(((best.turn % 360) + 360) % 360) } } : {}),
    warnings,
  };
}

interface Reading {
  image: GrayImage;
  geometry: PageGeometry;
  scale: number;
  speckled: boolean;
  languages: readonly string[];
  layout: PageLayout;
  dpi?: number;
  signal?: AbortSignal;
}

/**
 * The page read by one engine: in the turn the lines' angle says, again turned when the engine read
 * words standing on end or read weakly, and again with another script's model when the words look
 * like that script read with Latin models. Warnings say `{page}` for the page's number.
 */
async function readWith(engine: OcrEngine, { image, geometry, scale, speckled, languages, layout, dpi, signal }: Reading) {
  const threshold: Threshold = geometry.darkSurround > LOCAL_THRESHOLD_ABOVE ? 'local' : 'global';
  const warnings: string[] = [];
  const read = async (turn: number, turned: GrayImage, models = languages) => {
    const words = await engine.recognize(turned, { languages: models, threshold, layout, ...(dpi ? { dpi } : {}), ...(signal ? { signal } : {}) });
    return { turn, image: turned, words, quality: quality(words) };
  };

  const candidates = turnCandidates(geometry);
  const first = candidates[0]!;
  let best = await read(first, await turnAndScale(image, first, scale, speckled));
  const sideways = sidewaysTurn(best.words);
  if (sideways !== undefined) {
    // Tesseract reads a page on its side by itself, but its boxes then stand on end and lines run
    // down the page: turned upright, the boxes make sense to layout analysis. (If Tesseract read it
    // upside down, the guessed direction is wrong, and the weak reading below sorts that out.)
    const turn = sideways === 270 ? candidates[3]! : candidates[2]!;
    const again = await read(turn, await turnAndScale(image, turn, scale, speckled));
    if (again.quality.score >= best.quality.score * 0.8) best = again;
  }
  if (best.quality.meanConfidence < WEAK_CONFIDENCE) {
    const others = candidates.filter((t) => t !== best.turn);
    const better = await betterTurn(engine, image, [best.turn, ...others], scale, speckled, { languages, threshold, layout, ...(signal ? { signal } : {}) });
    if (better !== undefined) {
      const again = await read(better, await turnAndScale(image, better, scale, speckled));
      if (again.quality.score > best.quality.score) best = again;
    }
  }

  if (oddWordShare(best.words) >= OTHER_SCRIPT_SHARE) {
    // Read again with each other script's model beside the page's languages, Tesseract choosing per
    // word; kept when that script's letters then make up a good part of the page.
    for (const { script, model } of otherScriptModels(languages, engine.languages)) {
      const again = await read(best.turn, best.image, [model, ...languages].slice(0, MAX_LANGUAGES));
      if (letterShare(again.words, script) >= OTHER_SCRIPT_LETTERS) {
        best = again;
        warnings.push(`ocr_language_added: page {page} holds ${script} print and was read with ${model} too`);
        break;
      }
    }
  }
  return { ...best, engine, warnings };
}

/**
 * A photo of a receipt on a table, read whole, gives the table's texture to OCR as words that join
 * the receipt's lines. Among dark surroundings the page is cut to the paper (with a margin of 2 % of
 * its size) and measured again; the words are then on 0..1000 of the paper, which `page_cropped`
 * reports. Scans (no dark surroundings) are read whole.
 */
async function onPaper(page: PageToRead, warnings: string[]): Promise<{ input: PageToRead; geometry: PageGeometry; crop?: PageView['crop'] }> {
  const geometry = await analysePage(page.image);
  const paper = geometry.paper;
  if (geometry.darkSurround <= LOCAL_THRESHOLD_ABOVE || !paper) return { input: page, geometry };
  const { width, height } = page.image;
  const margin = Math.round(Math.max(paper.width, paper.height) * 0.02);
  const left = Math.max(0, paper.left - margin);
  const top = Math.max(0, paper.top - margin);
  const box = { left, top, width: Math.min(width, paper.left + paper.width + margin) - left, height: Math.min(height, paper.top + paper.height + margin) - top };
  const image = await toGray(fromGray(page.image).extract(box));
  warnings.push(`page_cropped: page ${page.page} was cut to the paper (${box.width}×${box.height} of ${width}×${height} pixels) to read it`);
  const crop: PageView['crop'] = [per1000(box.left, width), per1000(box.top, height), per1000(box.left + box.width, width), per1000(box.top + box.height, height)];
  return { input: { ...page, image }, geometry: await analysePage(image), crop };
}

/**
 * Pixels of OCR input per pixel of the page: the long-side cap where the text stays readable, text
 * brought up to about TARGET_LINE_PX where it is small and down where it is huge, and never more
 * than MAX_OCR_PIXELS.
 */
export function chooseScale(image: { width: number; height: number }, lineHeight: number | undefined, longSide?: number): number {
  const cap = longSide ? Math.min(1, longSide / Math.max(image.width, image.height)) : 1;
  let scale = cap;
  if (lineHeight !== undefined) {
    if (lineHeight < UPSCALE_BELOW_PX) scale = Math.min(MAX_UPSCALE, TARGET_LINE_PX / lineHeight);
    // The cap must not shrink the text below what upscaling would have aimed for.
    else scale = Math.min(1, Math.max(cap, TARGET_LINE_PX / lineHeight));
    if (lineHeight > DOWNSCALE_ABOVE_PX) scale = Math.min(scale, (TARGET_LINE_PX * 1.5) / lineHeight);
  }
  const pixels = image.width * image.height * scale * scale;
  if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels);
  return scale;
}

/**
 * A till receipt's scan, for PP-OCR: a narrow column (RECEIPT_MAX_LINE_HEIGHTS) of level lines on
 * an upright page taller than it is wide. A single line of print measures as a column too (of letters standing on end), and is
 * no receipt; a receipt scanned on its side is left to Tesseract's turn trials. A phone photo of one
 * (dark surroundings) stays with Tesseract, which read the corpus's photos better (field f1 0.933
 * against 0.729, docs/ocr-engines.md); a scan whose dark surroundings are mostly black is a scan
 * with the lid open, not a photo.
 */
export function isReceiptScan(image: { width: number; height: number }, geometry: PageGeometry): boolean {
  const { lineHeight, lineLength, lineAngle, darkSurround, blackSurround } = geometry;
  const narrow = lineHeight !== undefined && lineLength !== undefined && lineLength / lineHeight <= RECEIPT_MAX_LINE_HEIGHTS;
  const scanned = darkSurround <= LOCAL_THRESHOLD_ABOVE || blackSurround >= SCANNER_LID_BLACK;
  return narrow && Math.abs(lineAngle) <= 45 && image.height >= image.width && scanned;
}

/** One block of lines for a receipt's narrow column, the engine's own block finding for anything wider. */
export function pageLayout(geometry: Pick<PageGeometry, 'lineHeight' | 'lineLength'>): PageLayout {
  const { lineHeight, lineLength } = geometry;
  return lineHeight && lineLength && lineLength / lineHeight <= COLUMN_MAX_LINE_HEIGHTS ? 'column' : 'auto';
}

/**
 * Clockwise turns that would level the text, most likely first: the horizontal family's angle (the
 * page is upright, perhaps tilted), then upside down, then the two sideways ones.
 */
function turnCandidates(geometry: PageGeometry): number[] {
  const horizontal = Math.abs(geometry.lineAngle) <= 45 ? geometry.lineAngle : geometry.otherAngle;
  const vertical = Math.abs(geometry.lineAngle) <= 45 ? geometry.otherAngle : geometry.lineAngle;
  const level = (angle: number) => (Math.abs(normalise(angle - quarterOf(angle))) < MIN_DESKEW ? quarterOf(angle) : angle);
  return [-horizontal, 180 - horizontal, 180 - vertical, 360 - vertical].map((t) => level(((t % 360) + 360) % 360));
}

/**
 * Reads the middle of the page (60 % of each side: about a third of it; the whole of a small page)
 * in each candidate turn with one language, and returns the turn that reads clearly better than the
 * first (the turn already read), if any. Tesseract's OSD would answer in one call, but took longer
 * on such a crop (1.1–1.6 s) than an English reading of it (0.5–0.65 s); and tesseract.js has no
 * OSD in its LSTM-only build.
 */
async function betterTurn(engine: OcrEngine, image: GrayImage, candidates: number[], scale: number, speckled: boolean, options: RecognizeOptions): Promise<number | undefined> {
  const small = image.width * image.height * scale * scale < SMALL_PAGE_PIXELS;
  const crop = small ? image : await toGray(fromGray(image).extract({
    left: Math.round(image.width * 0.2),
    top: Math.round(image.height * 0.2),
    width: Math.round(image.width * 0.6),
    height: Math.round(image.height * 0.6),
  }));
  const probeLanguage = options.languages.includes('eng') ? ['eng'] : options.languages.slice(0, 1);
  const scores: number[] = [];
  for (const turn of candidates) {
    const words = await engine.recognize(await turnAndScale(crop, turn, scale, speckled), { ...options, languages: probeLanguage });
    scores.push(quality(words).score);
  }
  const [firstScore = 0, ...rest] = scores;
  let bestIndex = 0;
  rest.forEach((score, i) => {
    if (score > (scores[bestIndex] ?? 0)) bestIndex = i + 1;
  });
  return bestIndex > 0 && scores[bestIndex]! > firstScore * 1.3 + 5 ? candidates[bestIndex] : undefined;
}

/** Words with a capital after a small letter, or letters and digits alternating: Cyrillic or Greek print read with Latin models. */
function oddWordShare(words: readonly EngineWord[]): number {
  const long = words.filter((w) => (w.text.match(/\p{L}/gu) ?? []).length >= 3);
  const odd = long.filter((w) => /\p{Ll}\p{Lu}|\p{L}\d\p{L}|\d\p{L}\d/u.test(w.text));
  return long.length ? odd.length / long.length : 0;
}

function letterShare(words: readonly EngineWord[], script: string): number {
  const text = words.map((w) => w.text).join('');
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return letters ? (text.match(new RegExp(`\\p{Script=${script}}`, 'gu')) ?? []).length / letters : 0;
}

/**
 * 90 or 270 when most of the text was read in words standing on end: 270 when the lines run down
 * the page (the page was turned clockwise), 90 when they run up.
 */
export function sidewaysTurn(words: readonly EngineWord[]): 90 | 270 | undefined {
  let upright = 0;
  let onEnd = 0;
  for (const w of words) {
    const n = w.text.replace(/[^\p{L}\p{N}]/gu, '').length;
    if (n < 3) continue;
    if (w.y1 - w.y0 > (w.x1 - w.x0) * 1.5) onEnd += n;
    else if (w.x1 - w.x0 > (w.y1 - w.y0) * 1.5) upright += n;
  }
  if (onEnd <= upright * 2 || onEnd < 10) return undefined;
  let down = 0;
  let up = 0;
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]!;
    const b = words[i]!;
    const sameLine = Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) < Math.max(a.x1 - a.x0, b.x1 - b.x0) / 2;
    if (!sameLine) continue;
    if (b.y0 > a.y0) down++;
    else up++;
  }
  return down >= up ? 270 : 90;
}

/** `speckled`: the page was despeckled before scaling, and is again after (speckle.ts). */
async function turnAndScale(image: GrayImage, turn: number, scale: number, speckled: boolean): Promise<GrayImage> {
  let out = image;
  if (turn !== 0) out = await toGray(fromGray(out).rotate(turn, { background: '#ffffff' }));
  if (Math.abs(scale - 1) > 0.02) {
    const scaled = fromGray(out).resize(Math.max(1, Math.round(out.width * scale)), Math.max(1, Math.round(out.height * scale)), { kernel: scale > 1 ? 'cubic' : 'lanczos3' });
    out = await toGray(speckled ? despeckle(scaled) : scaled);
  }
  return out;
}

interface Quality {
  /** Confidence weighted by each word's letters and digits. */
  meanConfidence: number;
  /** Letters and digits read with some confidence, weighted by it: real text scores high, garbage low. */
  score: number;
}

function quality(words: EngineWord[]): Quality {
  let chars = 0;
  let weighted = 0;
  let score = 0;
  for (const word of words) {
    const n = word.text.replace(/[^\p{L}\p{N}]/gu, '').length;
    chars += n;
    weighted += n * word.confidence;
    if (word.confidence >= 0.6) score += n * word.confidence;
  }
  return { meanConfidence: chars ? weighted / chars : 0, score };
}

function toPageWord(word: EngineWord, image: GrayImage): Word {
  const x = (v: number) => clamp(Math.round((v / image.width) * 10000) / 10);
  const y = (v: number) => clamp(Math.round((v / image.height) * 10000) / 10);
  return { text: word.text, box: [x(word.x0), y(word.y0), x(word.x1), y(word.y1)], confidence: Math.round(word.confidence * 1000) / 1000 };
}

const clamp = (v: number) => Math.min(1000, Math.max(0, v));
const per1000 = (v: number, of: number) => Math.round((v / of) * 10000) / 10;
const quarterOf = (angle: number) => (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
/** Into (-180, 180]. */
const normalise = (angle: number) => {
  const a = ((angle % 360) + 360) % 360;
  return a > 180 ? a - 360 : a;
};
const round1 = (x: number) => Math.round(x * 10) / 10;
