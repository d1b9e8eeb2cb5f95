// Hostile uploads, built in code at test time: damaged and looping PDFs, huge page trees, active
// content, decompression bombs, images with absurd dimensions, polyglots, lying content types and
// filenames, and bodies that attack the JSON reader. Each case says what the service must answer,
// as docs/reliability.md lists it; tests/api/hostile-input.test.ts sends every one over HTTP.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { corruptPdf, hugeDimensionPng, jpegImage, pngImage, textPdf } from './fixtures.js';

/** The limits the cases are built against; the hostile-input test server runs with these. */
export const HOSTILE_LIMITS = {
  maxFileBytes: 2_000_000,
  maxRequestBytes: 3_000_000,
  maxPages: 20,
  maxPixels: 20_000_000,
  maxDecodedBytes: 200 * 1024 * 1024,
} as const;

/** A file upload: bytes with a name and the type the client claims. */
export interface HostileFile {
  kind: 'file';
  name: string;
  /** Raw filename bytes for the multipart header, when the name must not be valid UTF-8. */
  rawName?: Buffer;
  declaredType?: string;
  bytes: Buffer;
}

/** A whole request body, for attacks on the body reader itself (JSON size, depth, base64). */
export interface HostileBody {
  kind: 'body';
  contentType: string;
  body: Buffer;
}

/** 200: read (warnings allowed, checked by `warning`); or a refusal with a status and code. */
export type Expected = { status: 200; warning?: RegExp; filename?: string; contentType?: string } | { status: number; code: string; message?: RegExp };

export interface HostileCase {
  name: string;
  /** Which hostile-input class of the issue and reliability.md this case stands for. */
  covers: string;
  input: HostileFile | HostileBody;
  /** What a single upload answers. */
  single: Expected;
  /**
   * What a batch answers: refused up front like a single upload ("same": problems of the request),
   * or queued, with the file's job failing with this code or succeeding.
   */
  batch: 'same' | { job: 'succeeded' } | { job: 'failed'; code: string };
}

// ---- a PDF writer that can say things pdf-lib will not: loops, lies, bombs ----

type PdfObject = string | Buffer;

/** A PDF with objects 1..n in order and a correct xref; `trailer` is the trailer dictionary body. */
export function rawPdf(objects: PdfObject[], trailer = '/Root 1 0 R'): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    const body = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'), Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(body);
    offset += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object with its dictionary extras (e.g. "/Filter /FlateDecode") and data. */
export function stream(data: Buffer, dict = ''): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

const INVOICE_TEXT = Buffer.from('BT /F1 12 Tf 50 780 Td (Invoice 2024-77) Tj 0 -16 Td (Date 05.01.2024) Tj 0 -16 Td (Total 12.50 EUR) Tj ET');
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * One readable invoice page (objects 1–5); `catalogExtra` adds to the catalog, `extra` are objects
 * 6.., `contents` the page's content stream(s).
 */
function invoicePdf(catalogExtra: string, extra: PdfObject[] = [], contents = '5 0 R'): Buffer {
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents ${contents} >>`,
    FONT,
    stream(INVOICE_TEXT),
    ...extra,
  ]);
}

/**
 * An invoice page whose content, after its text, opens `open` `depth` times and closes it with
 * `close` as often: graphics states (`q`, `Q`) or marked content (`/P BMC`, `EMC`) nested that deep.
 */
export function nestedContentPdf(open: string, close: string, depth: number): Buffer {
  const content = Buffer.concat([INVOICE_TEXT, Buffer.from(`\n${`${open} `.repeat(depth)}0 0 m 1 1 l S${` ${close}`.repeat(depth)}`)]);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    FONT,
    stream(deflateSync(content), '/Filter /FlateDecode'),
  ]);
}

/** An invoice page that draws a form which draws the next twice, `depth` forms deep: 2^depth forms drawn. */
export function formFanOutPdf(depth: number): Buffer {
  const forms = Array.from({ length: depth }, (_, i) =>
    i === depth - 1
      ? stream(Buffer.from('0 0 m 1 1 l S'), '/Type /XObject /Subtype /Form /BBox [0 0 595 842]')
      : stream(Buffer.from('/X Do /X Do'), `/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /X ${i + 7} 0 R >> >>`),
  );
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /X 6 0 R >> >> /Contents 5 0 R >>',
    FONT,
    stream(Buffer.concat([INVOICE_TEXT, Buffer.from('\n/X Do')])),
    ...forms,
  ]);
}

/** A page with no text layer whose content draws `paths` tiny paths (three operators each), deflated. */
export function manyPathsPdf(paths: number): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream(deflateSync(Buffer.from('0 0 m 1 1 l S\n'.repeat(paths))), '/Filter /FlateDecode'),
  ]);
}

/** Deflated zeros: `decodedBytes` of output from about a thousandth of that. */
function deflatedZeros(decodedBytes: number): Buffer {
  return deflateSync(Buffer.alloc(decodedBytes), { level: 9 });
}

/** A baseline JPEG whose frame header (SOF0) is rewritten to claim another size. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await jpegImage({ width: 64, height: 64 }));
  for (let i = 2; i < jpeg.length - 9; ) {
    if (jpeg[i] !== 0xff) break;
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no frame header in the JPEG');
}

/** A JPEG that also carries a whole PDF in a comment segment inside its first KiB. */
async function jpegPdfPolyglot(): Promise<Buffer> {
  const jpeg = await jpegImage({ width: 400, height: 200, text: 'Total 12.50 EUR' });
  const pdf = invoicePdf('');
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(2), pdf]);
  comment.writeUInt16BE(pdf.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
}

/** A minimal zip archive holding one stored file. */
function zipWith(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), content]);
}

/** Nested JSON arrays `depth` deep, as the value of `content`. */
function deepJson(depth: number): Buffer {
  return Buffer.from(`{"content":${'['.repeat(depth)}${']'.repeat(depth)}}`);
}

const json = (value: unknown): HostileBody => ({ kind: 'body', contentType: 'application/json', body: Buffer.from(JSON.stringify(value)) });
const file = (name: string, bytes: Buffer, extra: Partial<HostileFile> = {}): HostileFile => ({ kind: 'file', name, bytes, ...extra });

/** Every hostile case, built against HOSTILE_LIMITS. */
export async function hostileCases(): Promise<HostileCase[]> {
  const text = await textPdf([['Invoice 2024-77', 'Date 05.01.2024', 'Total 12.50 EUR']]);
  const png = await pngImage({ width: 400, height: 200, text: 'Total 12.50 EUR' });
  const unreadable = { status: 422, code: 'pdf_unreadable' } as const;
  const tooLarge = { status: 413, code: 'file_too_large' } as const;
  const tooManyPages = { status: 413, code: 'too_many_pages' } as const;
  const nestedTooDeep = { status: 422, code: 'processing_failed', message: /nests its content more than 256 levels/ } as const;
  const pagesOfLeaves = (count: number) => {
    const kids = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ');
    const leaves = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>');
    return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, stream(Buffer.from('')), ...leaves]);
  };
  // Page tree nodes nested `depth` deep, each with one kid, ending in one page.
  const deepTree = (depth: number) => {
    const nodes = Array.from({ length: depth }, (_, i) => `<< /Type /Pages /Kids [${i + 3} 0 R] /Count 1 >>`);
    return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...nodes, `<< /Type /Page /MediaBox [0 0 595 842] /Contents ${depth + 3} 0 R >>`, stream(INVOICE_TEXT)]);
  };

  return [
    {
      name: 'truncated-pdf',
      covers: 'truncated PDF',
      // Cut before the page's objects: nothing left to read.
      input: file('cut.pdf', text.subarray(0, 120)),
      single: unreadable,
      batch: { job: 'failed', code: 'pdf_unreadable' },
    },
    { name: 'corrupt-pdf', covers: 'corrupt PDF', input: file('corrupt.pdf', corruptPdf()), single: unreadable, batch: { job: 'failed', code: 'pdf_unreadable' } },
    {
      name: 'pdf-page-tree-loop',
      covers: 'loop in the object graph',
      input: file(
        'loop.pdf',
        rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>']),
      ),
      single: unreadable,
      batch: { job: 'failed', code: 'pdf_unreadable' },
    },
    {
      name: 'pdf-reference-loop',
      covers: 'loop in the object graph',
      // The font resource is a reference to a reference to itself; the page's text cannot be drawn
      // with it, but the file opens and the loop must not hang the reader.
      input: file(
        'refloop.pdf',
        rawPdf([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>',
          '5 0 R',
          '4 0 R',
          stream(INVOICE_TEXT),
        ]),
      ),
      single: { status: 200 },
      batch: { job: 'succeeded' },
    },
    {
      name: 'pdf-claims-billions-of-pages',
      covers: 'huge page tree',
      // The count is a lie: pdfjs walks the tree, finds the one (blank) page and reads that.
      input: file('count.pdf', rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 2000000000 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'])),
      single: { status: 200, warning: /^not_a_document/ },
      batch: { job: 'succeeded' },
    },
    { name: 'pdf-thousands-of-pages', covers: 'huge page tree', input: file('pages.pdf', pagesOfLeaves(5000)), single: tooManyPages, batch: { job: 'failed', code: 'too_many_pages' } },
    { name: 'pdf-deep-page-tree', covers: 'huge page tree', input: file('deep.pdf', deepTree(5000)), single: { status: 200 }, batch: { job: 'succeeded' } },
    {
      name: 'pdf-javascript',
      covers: 'JavaScript',
      input: file(
        'script.pdf',
        invoicePdf('/OpenAction 6 0 R /Names << /JavaScript << /Names [(boot) 6 0 R] >> >>', [
          "<< /S /JavaScript /JS (app.alert('pwned'); this.submitForm('https://example.invalid/');) >>",
        ]),
      ),
      single: { status: 200, warning: /^active_content_ignored: .*JavaScript/ },
      batch: { job: 'succeeded' },
    },
    {
      name: 'pdf-embedded-file',
      covers: 'embedded files',
      input: file(
        'attached.pdf',
        invoicePdf('/Names << /EmbeddedFiles << /Names [(payload.exe) 6 0 R] >> >>', [
          '<< /Type /Filespec /F (payload.exe) /UF (payload.exe) /EF << /F 7 0 R >> >>',
          stream(Buffer.from('MZ\x90\x00 not really a program', 'latin1'), '/Type /EmbeddedFile'),
        ]),
      ),
      single: { status: 200, warning: /^active_content_ignored: .*payload\.exe/ },
      batch: { job: 'succeeded' },
    },
    {
      name: 'pdf-stream-bomb',
      covers: 'decompression bomb (PDF stream)',
      // ~250 KB that inflates to 256 MB, drawn after the page's text: over the decoding budget.
      input: file('bomb.pdf', invoicePdf('', [stream(deflatedZeros(256 * 1024 * 1024), '/Filter /FlateDecode')], '[5 0 R 6 0 R]')),
      single: tooLarge,
      batch: { job: 'failed', code: 'file_too_large' },
    },
    {
      name: 'pdf-nested-stream-bomb',
      covers: 'decompression bomb (PDF stream)',
      // Deflated twice: small after the first pass, huge after the second.
      input: file('bomb2.pdf', invoicePdf('', [stream(deflateSync(deflatedZeros(512 * 1024 * 1024)), '/Filter [/FlateDecode /FlateDecode]')], '[5 0 R 6 0 R]')),
      single: tooLarge,
      batch: { job: 'failed', code: 'file_too_large' },
    },
    {
      name: 'pdf-image-of-absurd-size',
      covers: 'decompression bomb (PDF image)',
      // A page with no text whose image claims 100000×100000 pixels: the renderer must skip it
      // instead of allocating 30 GB; the page is then read as empty.
      input: file(
        'image.pdf',
        rawPdf([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
          stream(Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q')),
          stream(deflatedZeros(4096), '/Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode'),
        ]),
      ),
      single: { status: 200, warning: /^not_a_document/ },
      batch: { job: 'succeeded' },
    },
    {
      name: 'pdf-nested-graphics-states',
      covers: 'content that grows without bound',
      // 200,000 `q` inside one another (1.4 KB deflated): pdfjs's time grows with the square of the depth.
      input: file('nested.pdf', nestedContentPdf('q', 'Q', 200_000)),
      single: nestedTooDeep,
      batch: { job: 'failed', code: 'processing_failed' },
    },
    {
      name: 'pdf-nested-marked-content',
      covers: 'content that grows without bound',
      input: file('marked.pdf', nestedContentPdf('/P BMC', 'EMC', 200_000)),
      single: nestedTooDeep,
      batch: { job: 'failed', code: 'processing_failed' },
    },
    {
      name: 'pdf-form-fan-out',
      covers: 'content that grows without bound',
      // 4 KB drawing 2^24 forms.
      input: file('forms.pdf', formFanOutPdf(24)),
      single: { status: 422, code: 'processing_failed', message: /draws more than 5000 forms/ },
      batch: { job: 'failed', code: 'processing_failed' },
    },
    {
      name: 'pdf-millions-of-paths',
      covers: 'content that grows without bound',
      // Two million tiny paths (six million operators, 28 MB of content) on a page without text, 54 KB deflated.
      input: file('paths.pdf', manyPathsPdf(2_000_000)),
      single: { status: 422, code: 'processing_failed', message: /more than 1000000 drawing operators/ },
      batch: { job: 'failed', code: 'processing_failed' },
    },
    { name: 'png-absurd-dimensions', covers: 'image of absurd dimensions', input: file('huge.png', hugeDimensionPng()), single: tooLarge, batch: { job: 'failed', code: 'file_too_large' } },
    { name: 'jpeg-absurd-dimensions', covers: 'image of absurd dimensions', input: file('huge.jpg', await jpegClaiming(65_000, 65_000)), single: tooLarge, batch: { job: 'failed', code: 'file_too_large' } },
    {
      name: 'png-bomb',
      covers: 'decompression bomb (image)',
      // A real 6000×6000 grey PNG of one colour: 100 KB that decodes to 36 million pixels.
      input: file('bomb.png', await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } }).greyscale().png({ compressionLevel: 9 }).toBuffer()),
      single: tooLarge,
      batch: { job: 'failed', code: 'file_too_large' },
    },
    {
      name: 'jpeg-pdf-polyglot',
      covers: 'polyglot',
      // Starts as a JPEG and carries a PDF in its first KiB: the signature at offset 0 decides.
      input: file('polyglot.jpg', await jpegPdfPolyglot()),
      single: { status: 200, contentType: 'image/jpeg' },
      batch: { job: 'succeeded' },
    },
    {
      name: 'pdf-zip-polyglot',
      covers: 'polyglot',
      input: file('polyglot.pdf', Buffer.concat([text, zipWith('evil.sh', Buffer.from('#!/bin/sh\necho pwned\n'))])),
      single: { status: 200, contentType: 'application/pdf' },
      batch: { job: 'succeeded' },
    },
    { name: 'html-named-pdf', covers: 'wrong declared content type', input: file('invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>'), { declaredType: 'application/pdf' }), single: { status: 422, code: 'pdf_unreadable' }, batch: { job: 'failed', code: 'pdf_unreadable' } },
    { name: 'pdf-declared-png', covers: 'wrong declared content type', input: file('invoice.png', text, { declaredType: 'image/png' }), single: { status: 200, contentType: 'application/pdf' }, batch: { job: 'succeeded' } },
    { name: 'png-declared-pdf', covers: 'wrong declared content type', input: file('scan.pdf', png, { declaredType: 'application/pdf' }), single: { status: 200, contentType: 'image/png' }, batch: { job: 'succeeded' } },
    {
      name: 'filename-invalid-utf8',
      covers: 'invalid UTF-8 in a filename',
      input: file('', text, { rawName: Buffer.concat([Buffer.from('inv'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('oice.pdf')]) }),
      single: { status: 200, filename: 'invoice.pdf' },
      batch: { job: 'succeeded' },
    },
    { name: 'filename-path', covers: 'path-like filename', input: file('../../../etc/passwd', text), single: { status: 200, filename: 'passwd' }, batch: { job: 'succeeded' } },
    { name: 'filename-windows-path', covers: 'path-like filename', input: file('C:\\Windows\\..\\system32\\inv.pdf', text), single: { status: 200, filename: 'inv.pdf' }, batch: { job: 'succeeded' } },
    {
      name: 'json-lone-surrogate-filename',
      covers: 'invalid UTF-8 in a filename',
      input: { kind: 'body', contentType: 'application/json', body: Buffer.from(`{"content":"${text.toString('base64')}","filename":"inv\\ud800oice.pdf"}`) },
      single: { status: 200, filename: 'invoice.pdf' },
      batch: { job: 'succeeded' },
    },
    { name: 'json-oversized', covers: 'oversized JSON', input: json({ content: Buffer.alloc(HOSTILE_LIMITS.maxRequestBytes, 1).toString('base64') }), single: tooLarge, batch: 'same' },
    { name: 'json-deeply-nested', covers: 'deeply nested JSON', input: { kind: 'body', contentType: 'application/json', body: deepJson(1_000_000) }, single: { status: 400, code: 'invalid_request' }, batch: 'same' },
    { name: 'json-invalid-base64', covers: 'invalid base64', input: json({ content: `${text.toString('base64').slice(0, 100)}$%^&` }), single: { status: 400, code: 'invalid_request' }, batch: 'same' },
    { name: 'json-base64-of-nothing', covers: 'invalid base64', input: json({ content: '====' }), single: { status: 400, code: 'invalid_request' }, batch: 'same' },
  ];
}
