// A small PDF page with a text layer that is slow to draw: `strokes` tiny paths after its text.
// 300,000 strokes (21 KB) took 50 s to render for the dashboard on the event loop.
import { deflateSync } from 'node:zlib';
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
