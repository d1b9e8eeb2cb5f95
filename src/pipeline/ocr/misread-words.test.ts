import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineWord } from './engine.js';
import { mendMisreadWords } from './misread-words.js';

/** Words on one 20 px high line, 12 px per character and a space between. */
function line(text: string, y = 100): EngineWord[] {
  let x = 0;
  return text.split(' ').map((word) => {
    const placed = { text: word, x0: x, y0: y, x1: x + 12 * word.length, y1: y + 20, confidence: 0.9 };
    x = placed.x1 + 12;
    return placed;
  });
}

const mended = (text: string) => mendMisreadWords(line(text)).map((w) => w.text).join(' ');

test('a zero between letters is an O; zeros in figures, codes and amounts stay', () => {
  assert.equal(mended('POPULAR B00K CO'), 'POPULAR BOOK CO');
  assert.equal(mended('KMF F00DICI0US SDN BHD'), 'KMF FOODICIOUS SDN BHD');
  assert.equal(mended('RM0.00 A10B 2000 N0. C0. TX0A1'), 'RM0.00 A10B 2000 N0. C0. TX0A1');
});

test('an O among an amount\'s figures or after its currency is a zero', () => {
  assert.equal(mended('Rounding Adjustment RMO.02'), 'Rounding Adjustment RM0.02');
  assert.equal(mended('CASH 1O.50 USDO.20'), 'CASH 10.50 USD0.20');
  assert.equal(mended('NO.12 O.50 SOLO.12'), 'NO.12 O.50 SOLO.12');
});

test('one letter off in a legal form of several words is mended, in the case it was printed', () => {
  assert.equal(mended('MARKETING SDN BHO'), 'MARKETING SDN BHD');
  assert.equal(mended('CARRY SDN 3HD (590150-A)'), 'CARRY SDN BHD (590150-A)');
  assert.equal(mended('BEMED (SP) SDN. BHZ.'), 'BEMED (SP) SDN. BHD.');
  assert.equal(mended('(KL)SDN EHD(139386 X)'), '(KL)SDN BHD(139386 X)');
  assert.equal(mended('Olive Son Bhd'), 'Olive Sdn Bhd');
});

test('one letter off in each word of a form is mended where the form closes a name', () => {
  assert.equal(mended('CARRY SEN 3HD'), 'CARRY SDN BHD');
  assert.equal(mended('CARRY SEN 3HD (590150-A)'), 'CARRY SDN BHD (590150-A)');
  assert.equal(mended('SEN 3HD'), 'SEN 3HD');
  assert.equal(mended('TANNING SUN BED 30 MIN'), 'TANNING SUN BED 30 MIN');
});

test('two letters off in a word, a form cut by a line, or a single word are left as read', () => {
  assert.equal(mended('SDN BILD'), 'SDN BILD');
  assert.equal(mended('CARRY SDN BILD'), 'CARRY SDN BILD');
  assert.equal(mended('MY SON BEN'), 'MY SON BEN');
  const split = [...line('SDN'), ...line('BHO', 140)];
  assert.deepEqual(mendMisreadWords(split).map((w) => w.text), ['SDN', 'BHO']);
});

test('a label word one confused letter off at the start of a line with figures is mended', () => {
  assert.equal(mended('Tutal alos(InclusiveofGST) : 32.70'), 'Total alos(InclusiveofGST) : 32.70');
  assert.equal(mended('Tatal Inclusive GST: 165.00'), 'Total Inclusive GST: 165.00');
  assert.equal(mended('AMOURT DUE: 105.00'), 'AMOUNT DUE: 105.00');
  assert.equal(mended('Rourding Adjustment RM0.00'), 'Rounding Adjustment RM0.00');
});

test('a label word is left as read without figures on its line, away from the line start, or off by other letters', () => {
  assert.equal(mended('Tutal alos'), 'Tutal alos');
  assert.equal(mended('Grand Tutal 5.00'), 'Grand Tutal 5.00');
  assert.equal(mended('Datuk Keramat 12'), 'Datuk Keramat 12');
  assert.equal(mended('Metal 2.00 Total 5.00'), 'Metal 2.00 Total 5.00');
});

test('the figures of a label word’s line may come as a box of their own, after other lines', () => {
  const words = [...line('Tatal Inclusive GST:'), ...line('CASH', 140), { text: '165.00', x0: 300, y0: 101, x1: 372, y1: 121, confidence: 0.9 }];
  assert.equal(mendMisreadWords(words)[0]!.text, 'Total');
});
