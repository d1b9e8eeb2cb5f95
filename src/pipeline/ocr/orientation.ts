// Page geometry from a projection profile: which way the text lines run (horizontal, or vertical
// for a page turned by 90°), how far they are tilted, and how tall they are. Tesseract copes with a
// tilt of a degree or two but finds no text at all at 6° (measured), and reads best with text about
// 30 px high, so both are fixed before OCR. Which of two opposite directions is upright (0° or
// 180°, 90° or 270°) the profile cannot tell: that is left to OCR confidence or Tesseract's OSD.
import { fromGray, toGray, type GrayImage } from './gray-image.js';

export interface PageGeometry {
  /** Share of analysed pixels that look like ink; near 0 for a blank page. */
  ink: number;
  /** Angle of the text lines in degrees, clockwise from horizontal: near 0, or near 90 when the page lies on its side. */
  lineAngle: number;
  /** The best angle of the other family (near 90 if lineAngle is near 0, and the reverse). */
  otherAngle: number;
  /** How much sharper the winning family's profile is than the other's (≥ 1). */
  margin: number;
  /** Median height of a text line in pixels of the image given; undefined when no lines stood out. */
  lineHeight?: number;
  /** Extent of the ink along the lines (the width of the text column) in pixels of the image given. */
  lineLength?: number;
  /**
   * Share of the page far darker than its paper (a table, a hand or a shadow around a photographed
   * receipt): where one global threshold would not separate ink from paper everywhere.
   */
  darkSurround: number;
  /**
   * Share of those dark surroundings that is near black (under BLACK of the paper's brightness): a
   * scanner's open lid, unlit, rather than a table or a hand under the light that lights the paper.
   */
  blackSurround: number;
  /**
   * The paper among dark surroundings (a receipt photographed on a table), in pixels of the image
   * given: the widest band of columns, then of rows within it, that are mostly paper. Absent when the
   * paper fills the image.
   */
  paper?: { left: number; top: number; width: number; height: number };
}

/** Long side of the copy that is analysed: enough to separate lines of 8 pt text on an A4 scan. */
const ANALYSIS_SIDE = 1200;
/** Skew is searched within ±this many degrees of each family. */
const MAX_SKEW = 12;
/** A pixel is ink when it is this much darker than its neighbourhood (so a dark table under a receipt is not). */
const INK_CONTRAST = 28;
const MAX_POINTS = 150_000;
/** Surroundings darker than this share of the paper's brightness are not paper (a table, a hand, a shadow). */
const DARK_SURROUND = 0.6;
/** Surroundings darker than this share of the paper's brightness are unlit (read-page.ts, SCANNER_LID_BLACK). */
const BLACK = 0.15;
/**
 * How much sharper the vertical family's profile must be to say the page lies on its side: pages
 * come upright far more often. On the corpus's receipts the right family won by 1.17 or more either
 * way up; a page that slips through is still caught by reading it (read-page.ts: words on end).
 */
const UPRIGHT_PRIOR = 1.1;

export async function analysePage(image: GrayImage): Promise<PageGeometry> {
  const factor = Math.min(1, ANALYSIS_SIDE / Math.max(image.width, image.height));
  const small = factor < 1
    ? await toGray(fromGray(image).resize(Math.max(1, Math.round(image.width * factor)), Math.max(1, Math.round(image.height * factor)), { kernel: 'linear' }))
    : image;
  const background = await toGray(fromGray(small).blur(Math.max(3, Math.round(Math.max(small.width, small.height) / 150))));
  const paper = paperLevel(background);
  const { xs, ys, count, ink } = inkPoints(small, background, paper * DARK_SURROUND);
  const { darkSurround, blackSurround } = darkShares(background, paper);
  const paperBox = paperRegion(background, paper * DARK_SURROUND, factor);
  if (count < 50) return { ink, lineAngle: 0, otherAngle: 90, margin: 1, darkSurround, blackSurround, ...(paperBox ? { paper: paperBox } : {}) };

  const best = (center: number) => {
    let top = { angle: center, score: -1 };
    for (let a = center - MAX_SKEW; a <= center + MAX_SKEW + 1e-9; a += 0.5) {
      const score = skewScore(xs, ys, count, a);
      if (score > top.score) top = { angle: a, score };
    }
    for (let a = top.angle - 0.4; a <= top.angle + 0.4 + 1e-9; a += 0.1) {
      const score = skewScore(xs, ys, count, a);
      if (score > top.score) top = { angle: a, score };
    }
    return top;
  };
  const horizontal = best(0);
  const vertical = best(90);
  const horizontalScore = familyScore(xs, ys, count, horizontal.angle);
  const verticalScore = familyScore(xs, ys, count, vertical.angle);
  const [win, lose] = horizontalScore * UPRIGHT_PRIOR >= verticalScore ? [horizontal, vertical] : [vertical, horizontal];
  const [winScore, loseScore] = win === horizontal ? [horizontalScore, verticalScore] : [verticalScore, horizontalScore];
  const lineHeight = medianLineHeight(xs, ys, count, win.angle);
  const lineLength = inkSpan(projectAt(xs, ys, count, win.angle + 90), count);
  return {
    ink,
    lineAngle: round1(win.angle),
    otherAngle: round1(lose.angle),
    margin: loseScore > 0 ? winScore / loseScore : Infinity,
    darkSurround,
    blackSurround,
    ...(paperBox ? { paper: paperBox } : {}),
    ...(lineHeight ? { lineHeight: lineHeight / factor } : {}),
    lineLength: lineLength / factor,
  };
}

/** The brightness of the paper: the 95th percentile of the blurred page. */
function paperLevel(background: GrayImage): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < background.data.length; i++) histogram[background.data[i]!]!++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= background.data.length * 0.95) return v;
  }
  return 255;
}

/**
 * Share of pixels whose surroundings (the blurred page, where the text is washed out) are darker
 * than DARK_SURROUND of the paper: on the corpus's scans at most 5.4 % (creases, a dark scan edge),
 * on its phone photos 6–55 %; and the share of those that are BLACK.
 */
function darkShares(background: GrayImage, paper: number): Pick<PageGeometry, 'darkSurround' | 'blackSurround'> {
  let dark = 0;
  let black = 0;
  for (let i = 0; i < background.data.length; i++) {
    const level = background.data[i]!;
    if (level < paper * DARK_SURROUND) dark++;
    if (level < paper * BLACK) black++;
  }
  return { darkSurround: dark / Math.max(1, background.data.length), blackSurround: dark ? black / dark : 0 };
}

/**
 * The box of the paper: the longest run of columns that are in good part paper, then within those
 * columns the longest run of rows that are mostly paper, then the columns again within those rows
 * (a landscape sheet covers under half of a column of the photo); scaled back by `factor` to the
 * image analysed. Undefined when it is most of the image anyway (a scan) or too small to be the page.
 */
function paperRegion(background: GrayImage, minPaper: number, factor: number): PageGeometry['paper'] {
  const { width, height, data } = background;
  const isPaper = (x: number, y: number) => data[y * width + x]! >= minPaper;
  const columnsOver = (top: number, bottom: number, share: number) => {
    const counts = new Float32Array(width);
    for (let y = top; y < bottom; y++) for (let x = 0; x < width; x++) if (isPaper(x, y)) counts[x]!++;
    return longestRun(counts, (bottom - top) * share);
  };
  const [roughLeft, roughRight] = columnsOver(0, height, 0.25);
  if (roughRight <= roughLeft) return undefined;
  const rows = new Float32Array(height);
  for (let y = 0; y < height; y++) for (let x = roughLeft; x < roughRight; x++) if (isPaper(x, y)) rows[y]!++;
  const [top, bottom] = longestRun(rows, (roughRight - roughLeft) * 0.5);
  if (bottom <= top) return undefined;
  const [left, right] = columnsOver(top, bottom, 0.5);
  const area = (right - left) * (bottom - top);
  if (right <= left || area > width * height * 0.85 || area < width * height * 0.1) return undefined;
  return { left: Math.round(left / factor), top: Math.round(top / factor), width: Math.round((right - left) / factor), height: Math.round((bottom - top) / factor) };
}

/** [start, end) of the longest run of values at or above `min`. */
function longestRun(values: Float32Array, min: number): [number, number] {
  let best: [number, number] = [0, 0];
  let start = -1;
  for (let i = 0; i <= values.length; i++) {
    if (i < values.length && values[i]! >= min) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start > best[1] - best[0]) best = [start, i];
      start = -1;
    }
  }
  return best;
}

/**
 * Pixels darker than their neighbourhood by INK_CONTRAST, on paper: at the edge of a receipt lying
 * on a dark table the table side is darker than the blurred edge too, and those long edges would
 * otherwise outweigh the text lines.
 */
function inkPoints(image: GrayImage, background: GrayImage, minBackground: number) {
  const { width, height, data } = image;
  const isInk = (i: number) => data[i]! + INK_CONTRAST < background.data[i]! && background.data[i]! >= minBackground;
  let total = 0;
  for (let i = 0; i < data.length; i++) if (isInk(i)) total++;
  const stride = Math.max(1, Math.ceil(total / MAX_POINTS));
  const n = Math.ceil(total / stride);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  let count = 0;
  let seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (isInk(i) && seen++ % stride === 0 && count < n) {
        xs[count] = x;
        ys[count] = y;
        count++;
      }
    }
  }
  return { xs, ys, count, ink: total / (width * height) };
}

/**
 * Sum of squared bin counts of the ink projected across lines at `angle`, per ink point: peaks when
 * the lines are aligned with it. This finds the skew within one family of directions.
 */
function skewScore(xs: Float32Array, ys: Float32Array, count: number, angle: number): number {
  const bins = projectAt(xs, ys, count, angle);
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
  return score / count;
}

/**
 * How unevenly the ink falls into bins across lines at `angle`, as a multiple of the same ink spread
 * evenly over the span it covers (1 for no structure): this compares the two families. The skew
 * score cannot: it grows as the span shrinks, so a tall narrow receipt projected onto its short
 * side beat its own text lines. The span leaves out the outermost 1 % of ink either side, so that
 * specks on the white of an A4 scan around a small receipt do not count as its extent; and bins
 * are capped (binCap) so that a few rules or edges cannot outweigh dozens of lines.
 */
function familyScore(xs: Float32Array, ys: Float32Array, count: number, angle: number): number {
  const bins = projectAt(xs, ys, count, angle);
  const cap = binCap(bins);
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += Math.min(cap, bins[i]!) ** 2;
  return (score * inkSpan(bins, count)) / (count * count);
}

/**
 * The 97th percentile of the bins that hold ink. The edges of a receipt photographed on a dark
 * table, a barcode's bars or a table rule are a few bins far fuller than any text line; capped, they
 * cannot outweigh the dozens of lines of the right family.
 */
function binCap(bins: Int32Array): number {
  const full = [...bins].filter((b) => b > 0).sort((a, b) => a - b);
  return full[Math.floor(full.length * 0.97)] ?? 0;
}

/** Number of bins from the one where the first 1 % of the ink is reached to the one where 99 % is. */
function inkSpan(bins: Int32Array, count: number): number {
  let seen = 0;
  let first = -1;
  for (let i = 0; i < bins.length; i++) {
    seen += bins[i]!;
    if (first < 0 && seen >= count * 0.01) first = i;
    if (seen >= count * 0.99) return i - first + 1;
  }
  return bins.length - Math.max(0, first);
}

function projectAt(xs: Float32Array, ys: Float32Array, count: number, angle: number): Int32Array {
  const rad = (angle * Math.PI) / 180;
  const sin = Math.sin(rad);
  const cos = Math.cos(rad);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const r = ys[i]! * cos - xs[i]! * sin;
    if (r < min) min = r;
    if (r > max) max = r;
  }
  const bins = new Int32Array(Math.floor(max - min) + 1);
  for (let i = 0; i < count; i++) bins[Math.floor(ys[i]! * cos - xs[i]! * sin - min)]!++;
  return bins;
}

/**
 * Runs of bins that carry ink are text lines; their median length is the line height. Ink that
 * runs across every line (the edges of a receipt on a dark table, a frame) raises the floor of the
 * profile, so a run is measured above that floor. Fewer than three lines, or "lines" a fifth of the
 * text's extent high, are not a measurement: scaling by them shrank a receipt to nothing.
 */
function medianLineHeight(xs: Float32Array, ys: Float32Array, count: number, angle: number): number | undefined {
  const bins = projectAt(xs, ys, count, angle);
  const sorted = [...bins].filter((b) => b > 0).sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
  const threshold = Math.max(1, floor + (p90 - floor) * 0.08);
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i <= bins.length; i++) {
    if (i < bins.length && bins[i]! >= threshold) run++;
    else {
      if (run >= 2) runs.push(run);
      run = 0;
    }
  }
  if (runs.length < 3) return undefined;
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)]!;
  return median * 5 <= inkSpan(bins, count) ? median : undefined;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
