// A multi-page TIFF whose pages may differ in size, written by hand (sharp writes pages of one size
// only): white 8-bit grey pages, each one zlib-compressed strip, so a large page stays small on disk.
import { deflateSync } from 'node:zlib';

export function tiffOfPages(pages: { width: number; height: number }[]): Buffer {
  const strips = pages.map(({ width, height }) => deflateSync(Buffer.alloc(width * height, 255), { level: 9 }));
  const ENTRIES = 9;
  const ifdBytes = 2 + ENTRIES * 12 + 4;
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  parts.push(header);
  let offset = 8;
  pages.forEach(({ width, height }, i) => {
    const strip = strips[i]!;
    const ifd = Buffer.alloc(ifdBytes);
    const stripOffset = offset + ifdBytes;
    const next = i + 1 < pages.length ? stripOffset + strip.length : 0;
    ifd.writeUInt16LE(ENTRIES, 0);
    const tags: [number, number, number][] = [
      [256, 4, width], // ImageWidth (LONG)
      [257, 4, height], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 8], // Compression: Deflate
      [262, 3, 1], // PhotometricInterpretation: black is zero
      [273, 4, stripOffset], // StripOffsets
      [277, 3, 1], // SamplesPerPixel
      [278, 4, height], // RowsPerStrip
      [279, 4, strip.length], // StripByteCounts
    ];
    tags.forEach(([tag, type, value], n) => {
      const at = 2 + n * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifd.writeUInt32LE(next, 2 + ENTRIES * 12);
    parts.push(ifd, strip);
    offset = stripOffset + strip.length;
  });
  return Buffer.concat(parts);
}
