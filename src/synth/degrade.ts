// Degraded images of a rendered page, the way scanners and phones deliver them: rasterised at
// 150–300 dpi, turned (small tilt, now and then a quarter or half turn), skewed and seen in
// perspective (one homography), blurred, speckled with noise and, on receipts, thermal-paper fade.
// Every choice comes from the document's PRNG, so a seed gives the same pixels.
import sharp from 'sharp';
import { openPdf } from '../ingest/open-pdf.js';
import { grayFromRgba, type GrayImage } from '../pipeline/ocr/gray-image.js';
import { withRenderedPage } from '../pipeline/ocr/render-pdf-page.js';
import type { Rng } from './prng.js';

export interface Degradation {
  dpi: number;
  /** Degrees, counter-clockwise. */
  angle: number;
  shear: number;
  /** Corner displacement as a share of the page size. */
  perspective: number;
  background: number;
  blur: number;
  noise: number;
  fade: number;
  thermal: boolean;
}

export function chooseDegradation(rng: Rng, receipt: boolean): Degradation {
  const turn = rng.weighted({ none: 92, half: 4, quarter: 4 });
  const tilt = rng.chance(0.7) ? rng.range(-3, 3) : 0;
  return {
    dpi: rng.int(150, 300),
    angle: tilt + (turn === 'half' ? 180 : turn === 'quarter' ? 90 : 0),
    shear: rng.chance(0.3) ? rng.range(-0.03, 0.03) : 0,
    perspective: rng.chance(0.35) ? rng.range(0.005, 0.04) : 0,
    background: rng.chance(0.2) ? rng.int(40, 90) : rng.int(225, 255),
    blur: rng.chance(0.5) ? rng.range(0.4, 1.3) : 0,
    noise: rng.chance(0.4) ? rng.range(0.002, 0.02) : 0,
    fade: receipt ? rng.range(0.35, 0.85) : rng.chance(0.3) ? rng.range(0.7, 0.95) : 1,
    thermal: receipt && rng.chance(0.6),
  };
}

export function describeDegradation(d: Degradation): string[] {
  return [`dpi:${d.dpi}`, `angle:${d.angle.toFixed(2)}`, `shear:${d.shear.toFixed(3)}`, `perspective:${d.perspective.toFixed(3)}`,
    `blur:${d.blur.toFixed(2)}`, `noise:${d.noise.toFixed(3)}`, `fade:${d.fade.toFixed(2)}`, `thermal:${d.thermal}`];
}

/** Page 1 of the PDF at the degradation's dpi, warped and spoiled, as a grey PNG. */
export async function degradedPng(pdfBytes: Uint8Array, d: Degradation, rng: Rng): Promise<Buffer> {
  const pdf = await openPdf(pdfBytes, { maxPages: 100, maxPixels: 100_000_000 });
  let page: GrayImage;
  try {
    page = await withRenderedPage(await pdf.getPage(1), d.dpi / 72, (canvas) => grayFromRgba(canvas.data(), canvas.width, canvas.height));
  } finally {
    await pdf.destroy();
  }
  const warped = warp(page, d, rng);
  spoil(warped, d, rng);
  let pipeline = sharp(warped.data, { raw: { width: warped.width, height: warped.height, channels: 1 } });
  if (d.blur > 0) pipeline = pipeline.blur(Math.max(0.3, d.blur));
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

type Point = [number, number];

/** Rotation, shear and perspective as one homography, sampled bilinearly from the page. */
function warp(page: GrayImage, d: Degradation, rng: Rng): GrayImage {
  const { width: w, height: h } = page;
  const rad = (d.angle * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const corners: Point[] = [[0, 0], [w, 0], [w, h], [0, h]];
  const jitter = d.perspective * Math.max(w, h);
  const moved = corners.map(([x, y]): Point => {
    const cx = x - w / 2 + d.shear * (y - h / 2);
    const cy = y - h / 2;
    return [cx * cos + cy * sin + rng.range(-jitter, jitter), -cx * sin + cy * cos + rng.range(-jitter, jitter)];
  });
  const margin = Math.round(Math.min(w, h) * 0.03);
  const minX = Math.min(...moved.map((p) => p[0]));
  const minY = Math.min(...moved.map((p) => p[1]));
  const outW = Math.ceil(Math.max(...moved.map((p) => p[0])) - minX) + 2 * margin;
  const outH = Math.ceil(Math.max(...moved.map((p) => p[1])) - minY) + 2 * margin;
  const dst = moved.map(([x, y]): Point => [x - minX + margin, y - minY + margin]);
  const m = homography(dst, corners);
  const out = new Uint8Array(outW * outH);
  const src = page.data;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const z = m[6]! * x + m[7]! * y + 1;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / z;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / z;
      if (sx < 0 || sy < 0 || sx >= w - 1 || sy >= h - 1) {
        out[y * outW + x] = d.background;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = src[i]! + (src[i + 1]! - src[i]!) * fx;
      const bottom = src[i + w]! + (src[i + w + 1]! - src[i + w]!) * fx;
      out[y * outW + x] = top + (bottom - top) * fy;
    }
  }
  return { data: out, width: outW, height: outH };
}

/** Fade (ink lighter, unevenly along a thermal roll), then speckle noise. */
function spoil(image: GrayImage, d: Degradation, rng: Rng): void {
  const { data, width, height } = image;
  const start = d.fade;
  const end = d.thermal ? Math.max(0.25, d.fade - rng.range(0.1, 0.4)) : d.fade;
  for (let y = 0; y < height; y++) {
    const keep = start + ((end - start) * y) / height;
    if (keep >= 1) continue;
    for (let x = 0, i = y * width; x < width; x++, i++) data[i] = 255 - (255 - data[i]!) * keep;
  }
  if (d.noise <= 0) return;
  const specks = Math.round(width * height * d.noise);
  for (let k = 0; k < specks; k++) {
    const i = Math.floor(rng.float() * data.length);
    data[i] = rng.chance(0.5) ? rng.int(0, 90) : rng.int(200, 255);
  }
}

/** The 3×3 homography (h33 = 1, as 8 numbers) taking each `from` point to its `to` point. */
function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  return solve(a, b);
}

/** Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = b[r]!;
    for (let c = r + 1; c < n; c++) sum -= a[r]![c]! * x[c]!;
    x[r] = sum / a[r]![r]!;
  }
  return x;
}
