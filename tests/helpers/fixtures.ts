// Test inputs for the extraction pipeline. Everything is generated in code
// except encrypted.pdf and sample.heic, which need native tools to create
// (see tests/fixtures/README.md).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PageSizes, StandardFonts, type PDFFont } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';

/** User password of tests/fixtures/encrypted.pdf. */
export const ENCRYPTED_PDF_PASSWORD = 'ledgerlens';

// Only needed for text Helvetica's WinAnsi encoding cannot represent
// (e.g. "ą", "ł", Cyrillic); Estonian/Western text never touches it.
const UNICODE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

// Walk up because this file runs both from tests/helpers/ and, compiled,
// from dist/tests/helpers/, while tsc does not copy the binary fixtures.
async function readFixture(name: string): Promise<Buffer> {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'tests', 'fixtures', name);
    if (existsSync(candidate)) return readFile(candidate);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`fixture not found: tests/fixtures/${name}`);
    dir = parent;
  }
}

async function fontFor(doc: PDFDocument, lines: string[]): Promise<PDFFont> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  try {
    for (const line of lines) helvetica.encodeText(line);
    return helvetica;
  } catch {
    doc.registerFontkit(fontkit);
    const ttf = await readFile(UNICODE_FONT).catch((err: unknown) => {
      throw new Error(`textPdf: text outside WinAnsi needs ${UNICODE_FONT} (fonts-dejavu-core)`, { cause: err });
    });
    return doc.embedFont(ttf, { subset: true });
  }
}

/** A4 PDF with a real text layer: one page per entry, one text line per string. */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await fontFor(doc, pages.flat());
  for (const lines of pages) {
    const page = doc.addPage(PageSizes.A4);
    const top = page.getHeight() - 60;
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: top - i * 16, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

/** One-page PDF that needs ENCRYPTED_PDF_PASSWORD to open (AES-256). */
export function encryptedPdf(): Promise<Buffer> {
  return readFixture('encrypted.pdf');
}

/** Has a PDF header but no objects, xref or trailer, so no parser can recover it. */
export function corruptPdf(): Buffer {
  // Deterministic bytes so a failure reproduces; hashed noise never spells "obj".
  const noise: Buffer[] = [];
  for (let i = 0; i < 32; i++) noise.push(createHash('sha256').update(`corrupt-${i}`).digest());
  return Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), ...noise]);
}

export interface ImageOptions {
  width?: number;
  height?: number;
  text?: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render({ width = 400, height = 200, text = 'LedgerLens 12.50 EUR' }: ImageOptions = {}): Sharp {
  const size = Math.max(8, Math.round(height / 6));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="${Math.round(height / 2)}" font-family="sans-serif" font-size="${size}" fill="#000">${escapeXml(text)}</text>
</svg>`;
  return sharp(Buffer.from(svg));
}

export function jpegImage(opts?: ImageOptions): Promise<Buffer> {
  return render(opts).jpeg().toBuffer();
}

export function pngImage(opts?: ImageOptions): Promise<Buffer> {
  return render(opts).png().toBuffer();
}

export function webpImage(opts?: ImageOptions): Promise<Buffer> {
  return render(opts).webp().toBuffer();
}

export function gifImage(opts?: ImageOptions): Promise<Buffer> {
  return render(opts).gif().toBuffer();
}

/** TIFF with `pages` pages ("Page 1", "Page 2", ...), as a scanner would produce. */
export async function multiPageTiff(pages: number): Promise<Buffer> {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`multiPageTiff: pages must be >= 1, got ${pages}`);
  const frames = await Promise.all(
    Array.from({ length: pages }, (_, i) => pngImage({ width: 300, height: 400, text: `Page ${i + 1}` })),
  );
  if (frames.length < 2) return sharp(frames[0]).tiff().toBuffer();
  // join.animated stacks frames with a page height, which tiffsave writes as separate IFDs.
  return sharp(frames, { join: { animated: true } }).tiff().toBuffer();
}

/** 200x100 HEVC-coded HEIC, as iPhones produce. */
export function heicImage(): Promise<Buffer> {
  return readFixture('sample.heic');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Decompression-bomb style PNG: a valid header declaring width x height RGB
 * (2.7 GB decoded at the default size) but only one row of pixel data, so the
 * file is a few hundred bytes. Only the header is meant to be read; note that
 * sharp's default limitInputPixels rejects it even in metadata().
 */
export function hugeDimensionPng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, adaptive filter, no interlace
  const firstRow = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', firstRow),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
