// Pages that are slow to read. A small PDF page with a text layer that is slow to draw: `strokes`
// tiny paths after its text (300,000 strokes, 21 KB, took 50 s to render for the dashboard on the
// event loop). And a scan dense with small print, which OCR reads for a long time.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { rawPdf } from './hostile-files.js';

export function slowTextPage(strokes: number): Buffer {
  const ops = Buffer.from('BT /F1 12 Tf 50 780 Td (Invoice 2024-77) Tj 0 -16 Td (Total 12.50 EUR) Tj ET\n' + '0 0 m 1 1 l S\n'.repeat(strokes));
  const content = deflateSync(ops);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ]);
}

/**
 * A large page (15.8 MP, just under what OCR reads without scaling it down) covered in small print:
 * ~240 lines of ~40 words. Native Tesseract starts on it within seconds and would read it for over
 * two minutes of CPU (140 s with eng+deu+est, measured), more than a page is allowed.
 */
export async function denseTextScan(): Promise<Buffer> {
  const [width, height, size] = [3300, 4800, 16];
  const lines: string[] = [];
  for (let i = 0, y = 2 * size; y < height; i++, y += Math.round(size * 1.4)) {
    const words = Array.from({ length: Math.floor(width / (size * 5)) }, (_, j) => `W${(i * 31 + j * 17) % 997}x${j}`).join(' ');
    lines.push(`<text x="20" y="${y}" font-family="DejaVu Sans" font-size="${size}">${words}</text>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`;
  // Two colours: a 580 KB file, under the upload limits of every test server.
  return sharp(Buffer.from(svg)).greyscale().png({ palette: true, colours: 2 }).toBuffer();
}
