// One page as 8-bit grey pixels, the only image form the OCR stage passes around: both engines read
// it as PGM, which costs a header and a copy, while PNG encoding of an A4 page at 300 dpi costs more
// than rendering it.
import sharp, { type Sharp } from 'sharp';

export interface GrayImage {
  /** One byte per pixel, rows top to bottom, no padding. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Binary PGM (P5): Leptonica reads it from a file or stdin for native Tesseract and tesseract.js alike. */
export function toPgm(image: GrayImage): Buffer {
  return Buffer.concat([pgmHeader(image), image.data]);
}

/** The PGM header alone, for writers that send the pixels after it without copying them. */
export function pgmHeader(image: GrayImage): Buffer {
  return Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
}

/** Runs a sharp pipeline to single-channel raw pixels. */
export async function toGray(pipeline: Sharp): Promise<GrayImage> {
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected 1 channel from sharp, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** A sharp pipeline that starts from grey pixels. */
export function fromGray(image: GrayImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

/** Luma of opaque RGBA pixels (BT.601 weights in 8-bit fixed point). */
export function grayFromRgba(rgba: Uint8Array, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = (rgba[j]! * 77 + rgba[j + 1]! * 150 + rgba[j + 2]! * 29) >> 8;
  }
  return { data, width, height };
}

/**
 * Grey levels stretched so the 1st percentile becomes black and the 99th white: faded thermal
 * prints and grey scans get black text on white paper. In place. Done here because sharp's
 * normalise() took 0.8–2 s on an A4 page at 300 dpi; this takes a few tens of milliseconds.
 */
export function stretchContrast(image: GrayImage): GrayImage {
  const { data } = image;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]!++;
  const percentile = (p: number) => {
    const target = data.length * p;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= target) return v;
    }
    return 255;
  };
  const low = percentile(0.01);
  const high = percentile(0.99);
  // A page of one grey (blank) has nothing to stretch; stretching noise would invent ink.
  if (high - low < 32) return image;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - low) * 255) / (high - low))));
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]!]!;
  return image;
}
