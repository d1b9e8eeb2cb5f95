import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GrayImage } from './gray-image.js';
import { analysePage } from './orientation.js';

interface Sheet {
  width: number;
  height: number;
  /** Grey level outside the paper. */
  surround?: number;
  /** The paper's rectangle; the whole image when absent. */
  paper?: { left: number; top: number; width: number; height: number };
  lineHeight: number;
}

/**
 * A receipt of "words": runs of strokes one text line high, of pseudo-random widths, left-aligned rows
 * with a gap of one line between rows, on white paper (optionally on a dark surround).
 */
function receipt(sheet: Sheet): GrayImage {
  const { width, height, lineHeight } = sheet;
  const data = new Uint8Array(width * height).fill(sheet.surround ?? 255);
  const paper = sheet.paper ?? { left: 0, top: 0, width, height };
  const fill = (x0: number, y0: number, w: number, h: number, value: number) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) data.fill(value, y * width + Math.max(0, x0), y * width + Math.min(width, x0 + w));
  };
  fill(paper.left, paper.top, paper.width, paper.height, 255);
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const margin = Math.round(paper.width * 0.08);
  for (let y = paper.top + margin; y + lineHeight < paper.top + paper.height - margin; y += lineHeight * 2) {
    let x = paper.left + margin;
    const end = paper.left + margin + (paper.width - 2 * margin) * (0.5 + random() * 0.5);
    while (x < end) {
      const w = Math.round(lineHeight * (1 + random() * 4));
      // Letters as thin strokes: ink as sparse as print, so the blurred page stays light.
      const stroke = Math.max(1, Math.round(lineHeight / 8));
      for (let sx = x; sx < Math.min(x + w, end); sx += stroke * (2 + Math.floor(random() * 4))) fill(sx, y, stroke, lineHeight, 0);
      x += w + lineHeight;
    }
  }
  return { data, width, height };
}

function turned(image: GrayImage): GrayImage {
  // 90° clockwise: the pixel at (x, y) goes to (height - 1 - y, x).
  const out = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) out[x * image.height + (image.height - 1 - y)] = image.data[y * image.width + x]!;
  }
  return { data: out, width: image.height, height: image.width };
}

test('a tall narrow receipt reads as horizontal lines, with its line height, not as columns', async () => {
  const geometry = await analysePage(receipt({ width: 500, height: 1600, lineHeight: 20 }));
  assert.ok(Math.abs(geometry.lineAngle) < 1, `angle ${geometry.lineAngle}`);
  assert.ok(geometry.lineHeight !== undefined && Math.abs(geometry.lineHeight - 20) <= 3, `line height ${geometry.lineHeight}`);
  assert.ok(geometry.darkSurround < 0.01, `dark surround ${geometry.darkSurround}`);
});

test('the same receipt on its side reads as vertical lines', async () => {
  const geometry = await analysePage(turned(receipt({ width: 500, height: 1600, lineHeight: 20 })));
  assert.ok(Math.abs(geometry.lineAngle - 90) < 1, `angle ${geometry.lineAngle}`);
  assert.ok(geometry.lineHeight !== undefined && Math.abs(geometry.lineHeight - 20) <= 3, `line height ${geometry.lineHeight}`);
});

test('a small receipt in the middle of a white A4 scan is still read as horizontal lines', async () => {
  const image = receipt({ width: 1240, height: 1754, lineHeight: 10, paper: { left: 470, top: 200, width: 300, height: 1200 } });
  // Specks all over the page, as scanners leave them.
  for (let i = 0; i < 400; i++) image.data[((i * 7919) % 1754) * 1240 + ((i * 104729) % 1240)] = 0;
  const geometry = await analysePage(image);
  assert.ok(Math.abs(geometry.lineAngle) < 1, `angle ${geometry.lineAngle}`);
  assert.ok(geometry.lineHeight !== undefined && Math.abs(geometry.lineHeight - 10) <= 3, `line height ${geometry.lineHeight}`);
});

test('a receipt photographed on a dark table: upright, line height above the paper edges, dark surround measured', async () => {
  const image = receipt({ width: 1200, height: 1200, lineHeight: 16, surround: 30, paper: { left: 300, top: 0, width: 560, height: 1200 } });
  const geometry = await analysePage(image);
  assert.ok(Math.abs(geometry.lineAngle) < 1, `angle ${geometry.lineAngle}`);
  assert.ok(geometry.lineHeight !== undefined && Math.abs(geometry.lineHeight - 16) <= 3, `line height ${geometry.lineHeight}`);
  assert.ok(geometry.darkSurround > 0.4, `dark surround ${geometry.darkSurround}`);
  // The paper's box, to cut the table away before reading.
  const paper = geometry.paper;
  assert.ok(paper, 'paper found');
  assert.ok(Math.abs(paper.left - 300) <= 15 && Math.abs(paper.left + paper.width - 860) <= 15, JSON.stringify(paper));
  assert.ok(paper.top <= 15 && paper.top + paper.height >= 1185, JSON.stringify(paper));
});

test('black around the paper (a scanner\'s open lid) is told from a lit table', async () => {
  const paper = { left: 300, top: 0, width: 560, height: 1200 };
  const lid = await analysePage(receipt({ width: 1200, height: 1200, lineHeight: 16, surround: 0, paper }));
  const table = await analysePage(receipt({ width: 1200, height: 1200, lineHeight: 16, surround: 90, paper }));
  assert.ok(lid.darkSurround > 0.4 && table.darkSurround > 0.4, `dark surround ${lid.darkSurround}, ${table.darkSurround}`);
  assert.ok(lid.blackSurround > 0.9, `black share ${lid.blackSurround}`);
  assert.ok(table.blackSurround < 0.05, `black share ${table.blackSurround}`);
});

test('a scan whose paper fills the image has no paper box to cut to', async () => {
  const geometry = await analysePage(receipt({ width: 500, height: 1600, lineHeight: 20 }));
  assert.equal(geometry.paper, undefined);
});

test('a page with a single block of ink has no line height to scale by', async () => {
  const data = new Uint8Array(600 * 800).fill(255);
  for (let y = 100; y < 700; y++) data.fill(0, y * 600 + 100, y * 600 + 500);
  const geometry = await analysePage({ data, width: 600, height: 800 });
  assert.equal(geometry.lineHeight, undefined);
});
