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
}

/** Long side of the copy that is analysed: enough to separate lines of 8 pt text on an A4 scan. */
const ANALYSIS_SIDE = 1200;
/** Skew is searched within ±this many degrees of each family. */
const MAX_SKEW = 12;
/** A pixel is ink when it is this much darker than its neighbourhood (so a dark table under a receipt is not). */
const INK_CONTRAST = 28;
const MAX_POINTS = 150_000;

export async function analysePage(image: GrayImage): Promise<PageGeometry> {
  const factor = Math.min(1, ANALYSIS_SIDE / Math.max(image.width, image.height));
  const small = factor < 1
    ? await toGray(fromGray(image).resize(Math.max(1, Math.round(image.width * factor)), Math.max(1, Math.round(image.height * factor)), { kernel: 'linear' }))
    : image;
  const background = await toGray(fromGray(small).blur(Math.max(3, Math.round(Math.max(small.width, small.height) / 150))));
  const { xs, ys, count, ink } = inkPoints(small, background);
  if (count < 50) return { ink, lineAngle: 0, otherAngle: 90, margin: 1 };

  const best = (center: number) => {
    let top = { angle: center, score: -1 };
    for (let a = center - MAX_SKEW; a <= center + MAX_SKEW + 1e-9; a += 0.5) {
      const score = profileScore(xs, ys, count, a);
      if (score > top.score) top = { angle: a, score };
    }
    for (let a = top.angle - 0.4; a <= top.angle + 0.4 + 1e-9; a += 0.1) {
      const score = profileScore(xs, ys, count, a);
      if (score > top.score) top = { angle: a, score };
    }
    return top;
  };
  const horizontal = best(0);
  const vertical = best(90);
  const [win, lose] = horizontal.score >= vertical.score ? [horizontal, vertical] : [vertical, horizontal];
  const lineHeight = medianLineHeight(xs, ys, count, win.angle);
  return {
    ink,
    lineAngle: round1(win.angle),
    otherAngle: round1(lose.angle),
    margin: lose.score > 0 ? win.score / lose.score : Infinity,
    ...(lineHeight ? { lineHeight: lineHeight / factor } : {}),
  };
}

function inkPoints(image: GrayImage, background: GrayImage) {
  const { width, height, data } = image;
  let total = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! + INK_CONTRAST < background.data[i]!) total++;
  const stride = Math.max(1, Math.ceil(total / MAX_POINTS));
  const n = Math.ceil(total / stride);
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  let count = 0;
  let seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i]! + INK_CONTRAST < background.data[i]! && seen++ % stride === 0 && count < n) {
        xs[count] = x;
        ys[count] = y;
        count++;
      }
    }
  }
  return { xs, ys, count, ink: total / (width * height) };
}

/** Sum of squared bin counts of the ink projected across lines at `angle`: peaks when lines are aligned with it. */
function profileScore(xs: Float32Array, ys: Float32Array, count: number, angle: number): number {
  const bins = projectAt(xs, ys, count, angle);
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
  return score / count;
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

/** Runs of bins that carry ink are text lines; their median length is the line height. */
function medianLineHeight(xs: Float32Array, ys: Float32Array, count: number, angle: number): number | undefined {
  const bins = projectAt(xs, ys, count, angle);
  const sorted = [...bins].filter((b) => b > 0).sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  const threshold = Math.max(1, p90 * 0.08);
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i <= bins.length; i++) {
    if (i < bins.length && bins[i]! >= threshold) run++;
    else {
      if (run >= 2) runs.push(run);
      run = 0;
    }
  }
  if (runs.length < 1) return undefined;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
