// PDF decompression bombs built in the test, in every form a byte scanner could miss: any spelling
// of the `stream` keyword, filters named, abbreviated, in arrays, chained or behind an indirect
// reference, dictionaries padded past any look-behind window, Flate data whose stored blocks carry
// the bytes `endstream`, and LZW and RunLength as well as Flate; placed as a page's content stream
// (read from the text layer) or as the image of a page without text (rendered for OCR).
import { constants, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { rawPdf } from './hostile-files.js';

export type BombFilter = 'flate' | 'flate-twice' | 'flate-stored-endstream' | 'hex-flate' | 'lzw' | 'runlength';
export type FilterForm = 'name' | 'abbreviated' | 'array' | 'indirect';

export interface BombShape {
  filter: BombFilter;
  form: FilterForm;
  keyword: string;
  /** Bytes of padding entries in the stream's dictionary. */
  padding: number;
  placement: 'content' | 'image';
}

const FILTER_NAMES: Record<BombFilter, string[]> = {
  flate: ['FlateDecode'],
  'flate-twice': ['FlateDecode', 'FlateDecode'],
  'flate-stored-endstream': ['FlateDecode'],
  'hex-flate': ['ASCIIHexDecode', 'FlateDecode'],
  lzw: ['LZWDecode'],
  runlength: ['RunLengthDecode'],
};
const ABBREVIATIONS: Record<string, string> = { FlateDecode: 'Fl', ASCIIHexDecode: 'AHx', LZWDecode: 'LZW', RunLengthDecode: 'RL' };

/** Every bomb shape; `decodedBytes` is what each bomb's stream decodes to. */
export const bombShapes = (): fc.Arbitrary<BombShape> =>
  fc.record({
    filter: fc.constantFrom<BombFilter>('flate', 'flate-twice', 'flate-stored-endstream', 'hex-flate', 'lzw', 'runlength'),
    form: fc.constantFrom<FilterForm>('name', 'abbreviated', 'array', 'indirect'),
    keyword: fc.constantFrom('stream\n', 'stream\r\n', 'stream\r', 'stream \n', 'stream  \r\n'),
    padding: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12_000 })),
    placement: fc.constantFrom<'content' | 'image'>('content', 'image'),
  });

/** Builds the bomb PDF for a shape; payloads are made once per filter and size. */
export class BombFactory {
  private readonly payloads = new Map<BombFilter, Buffer>();

  constructor(private readonly decodedBytes: number) {}

  pdf(shape: BombShape): Buffer {
    const names = FILTER_NAMES[shape.filter];
    if (shape.form === 'name' && names.length > 1) shape = { ...shape, form: 'array' };
    const written = shape.form === 'abbreviated' ? names.map((n) => ABBREVIATIONS[n]!) : names;
    const filterValue = written.length === 1 && shape.form !== 'array' ? `/${written[0]}` : `[${written.map((n) => `/${n}`).join(' ')}]`;
    // Object 7 holds the filter when it is referenced; the bomb stream is object 6.
    const filterEntry = shape.form === 'indirect' ? '/Filter 7 0 R' : `/Filter ${filterValue}`;
    const padding = shape.padding ? `/Padding (${'x'.repeat(shape.padding)})` : '';
    const data = this.payload(shape.filter);
    const image = shape.placement === 'image';
    // An 8-bit grey image whose pixels are exactly what the stream decodes to.
    const width = 1000;
    const imageDict = image ? `/Type /XObject /Subtype /Image /Width ${width} /Height ${Math.floor(this.decodedBytes / width)} /ColorSpace /DeviceGray /BitsPerComponent 8` : '';
    const bomb = Buffer.concat([
      Buffer.from(`<< /Length ${data.length} ${imageDict} ${padding} ${filterEntry} >>\n${shape.keyword}`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
    const text = plainStream('BT /F1 12 Tf 50 780 Td (Invoice 2024-77) Tj 0 -16 Td (Total 12.50 EUR) Tj ET');
    const page = image
      ? '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>'
      : '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents [5 0 R 6 0 R] >>';
    return rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      page,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      image ? plainStream('q 595 0 0 842 0 0 cm /Im1 Do Q') : text,
      bomb,
      filterValue,
    ]);
  }

  private payload(filter: BombFilter): Buffer {
    let data = this.payloads.get(filter);
    if (!data) {
      data = encode(filter, this.decodedBytes);
      this.payloads.set(filter, data);
    }
    return data;
  }
}

function plainStream(content: string): Buffer {
  return Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`, 'latin1');
}

function encode(filter: BombFilter, size: number): Buffer {
  switch (filter) {
    case 'flate':
      return zlibOfZeros(size);
    case 'flate-twice':
      return zlib(zlibOfZeros(size));
    case 'flate-stored-endstream':
      return zlibOfZeros(size, Buffer.from('% endstream endobj\n', 'latin1'));
    case 'hex-flate':
      return Buffer.from(zlibOfZeros(size).toString('hex') + '>', 'latin1');
    case 'lzw':
      return lzwOfZeros(size);
    case 'runlength':
      return runLengthOfZeros(size);
  }
}

const ZERO_CHUNK = 64 * 1024;
/** 64 KB of zeros as a non-final deflate block: repeated, it inflates to any multiple of that. */
const deflatedZeroChunk = deflateRawSync(Buffer.alloc(ZERO_CHUNK), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A zlib stream of at least `zeros` zero bytes, made without holding them, after `stored` in a
 * stored (uncompressed) block whose bytes appear as they are in the file; with a correct Adler-32,
 * which the native inflater checks.
 */
function zlibOfZeros(zeros: number, stored = Buffer.alloc(0)): Buffer {
  const chunks = Math.ceil(zeros / ZERO_CHUNK);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  if (stored.length) {
    const header = Buffer.alloc(5);
    header[0] = 0; // not final, stored
    header.writeUInt16LE(stored.length, 1);
    header.writeUInt16LE(~stored.length & 0xffff, 3);
    parts.push(header, stored);
  }
  for (let i = 0; i < chunks; i++) parts.push(deflatedZeroChunk);
  parts.push(FINAL_EMPTY_BLOCK, adler32(stored, chunks * ZERO_CHUNK));
  return Buffer.concat(parts);
}

/** A zlib stream of a small `body`. */
function zlib(body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflateRawSync(body, { level: 9 }), adler32(body, 0)]);
}

/** Adler-32 of `data` followed by `zeros` zero bytes (which leave the first sum as it is). */
function adler32(data: Buffer, zeros: number): Buffer {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]!) % 65521;
    b = (b + a) % 65521;
  }
  b = (b + (a * (zeros % 65521))) % 65521;
  const out = Buffer.alloc(4);
  out.writeUInt32BE(((b << 16) | a) >>> 0);
  return out;
}

/** PDF LZW (early change 1): zero runs that grow by one byte per code, the table cleared when full. */
function lzwOfZeros(size: number): Buffer {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  const write = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      bytes.push((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  };
  let width = 9;
  let next = 258;
  write(256, width);
  // After a clear the first code is the single byte 0; each later code is one zero longer.
  let run = 0; // length of the zero run the last code stood for
  let written = 0;
  while (written < size) {
    const length = run === 0 ? 1 : run + 1;
    const code = length === 1 ? 0 : 258 + (length - 2);
    if (code >= next) break;
    write(code, width);
    written += length;
    run = length;
    next++;
    if (next === 1 << width && width < 12) width++;
    if (next >= 4093) {
      write(256, width);
      width = 9;
      next = 258;
      run = 0;
    }
  }
  write(257, width);
  if (bits > 0) bytes.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(bytes);
}

/** RunLength: 129 zeros per two bytes, then end of data. */
function runLengthOfZeros(size: number): Buffer {
  const runs = Math.ceil(size / 128);
  const out = Buffer.alloc(runs * 2 + 1);
  for (let i = 0; i < runs; i++) out[i * 2] = 129; // 257 − 129 = 128 copies of the next byte
  out[runs * 2] = 128;
  return out;
}
