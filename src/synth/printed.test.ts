// Labels are exact: every labelled value is on the page. The PDF's text layer (read the way the
// engine reads it) is searched for each value in a form the document's language could print it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPdf } from '../ingest/open-pdf.js';
import { readPdfWords } from '../pipeline/read-pdf-words.js';
import { decimalsNeeded, formatDate, formatFixed, type NumberStyle } from './format.js';
import { generateDocument } from './generate.js';
import { lexiconOf, type Lexicon } from './lexicon.js';

/** The words of every page, after checking that each lies on its page. */
async function pageText(pdfBytes: Uint8Array): Promise<string> {
  const pdf = await openPdf(pdfBytes, { maxPages: 100, maxPixels: 1e8 });
  try {
    const words: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      for (const word of (await readPdfWords(await pdf.getPage(n))).words) {
        const [x0, y0, x1, y1] = word.box;
        // readPdfWords clamps boxes to the page, so a word off the paper shows as one touching its edge.
        assert.ok(x0 > 0 && y0 > 0 && x1 < 1000 && y1 < 1000, `"${word.text}" lies off page ${n}: ${word.box}`);
        words.push(word.text);
      }
    }
    return words.join(' ');
  } finally {
    await pdf.destroy();
  }
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Printed forms of a number: the language's decimal mark, any of its grouping styles, either minus. */
function numberForms(value: number, lexicon: Lexicon, minDecimals: number): string[] {
  const scale = 4;
  const units = Math.round(value * 10 ** scale);
  const decimals = decimalsNeeded(units, scale, minDecimals);
  return lexicon.number.groups.flatMap((group) => (['leading', 'trailing'] as const).map((minus) =>
    formatFixed(units, scale, decimals, { decimal: lexicon.number.decimal, group, minus } satisfies NumberStyle)));
}

function containsNumber(text: string, value: number, lexicon: Lexicon, minDecimals: number): boolean {
  // Not a part of a longer number, and a positive value not read off a negative one.
  return numberForms(value, lexicon, minDecimals).some((form) => new RegExp(`(?<![\\d.,-])${escape(form)}(?![.,]?\\d)`).test(text));
}

function containsDate(text: string, iso: string, lexicon: Lexicon): boolean {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return lexicon.dates.some((pattern) => text.includes(formatDate({ year, month, day }, pattern, lexicon)));
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
const MONEY = new Set(['subtotal', 'vat_amount', 'rounding', 'total', 'amount_due', 'previous_balance', 'payments_credits', 'net', 'vat', 'gross', 'tendered', 'change', 'amount']);

/** Every leaf of the label, with the assertion that the page shows it. */
function checkPrinted(label: Record<string, any>, text: string, lexicon: Lexicon, id = ''): number {
  let checked = 0;
  const flat = squash(text);
  const compact = flat.replace(/\s/g, '');
  const visit = (value: unknown, key: string, path: string): void => {
    if (key === '_source') return;
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, key, `${path}[${i}]`));
    if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => visit(v, k, `${path}.${k}`));
    checked++;
    const where = `${id}${path} = ${JSON.stringify(value)}`;
    if (typeof value === 'number') {
      const minDecimals = MONEY.has(key) || key === 'net_unit_price' || key === 'unit_price' ? 2 : 0;
      // payments_credits is labelled as a magnitude; bills print it negative (corpus convention).
      const printed = containsNumber(flat, value, lexicon, minDecimals) || (key === 'payments_credits' && containsNumber(flat, -value, lexicon, minDecimals));
      assert.ok(printed, `${where} not printed`);
    } else if (key === 'issue_date' || key === 'due_date') {
      assert.ok(containsDate(flat, value as string, lexicon), `${where} not printed`);
    } else if (key === 'country') {
      assert.ok(flat.includes(lexicon.country_names[value as string]!), `${where} not printed`);
    } else if (key === 'currency') {
      const marks: Record<string, string[]> = { EUR: ['EUR', '€'], GBP: ['GBP', '£'], SEK: ['SEK', 'kr'], PLN: ['PLN', 'zł'] };
      assert.ok(marks[value as string]!.some((m) => flat.includes(m)), `${where} not printed`);
    } else if (key === 'method') {
      assert.ok([...lexicon.labels[value === 'cash' ? 'cash' : 'card']].some((w) => flat.includes(w)), `${where} not printed`);
    } else if (key === 'iban' || key === 'unit') {
      assert.ok(compact.includes((value as string).replace(/\s/g, '')), `${where} not printed`);
    } else {
      assert.ok(flat.includes(squash(value as string)), `${where} not printed`);
    }
  };
  visit(label, '', '');
  return checked;
}

test('every labelled value is printed in the text layer, in every language and kind', async () => {
  const languages = new Set<string>();
  const kinds = new Set<string>();
  let values = 0;
  for (let i = 0; i < 36; i++) {
    const doc = await generateDocument(3, i, { images: 0 });
    const text = await pageText(doc.pdf);
    values += checkPrinted(doc.label, text, lexiconOf(doc.model.language), doc.id);
    languages.add(doc.model.language);
    kinds.add(doc.model.kind);
  }
  assert.equal(languages.size, 12);
  assert.equal(kinds.size, 4);
  assert.ok(values > 36 * 15, `${values} values checked`);
});

test('the check finds a value that is not on the page', async () => {
  const doc = await generateDocument(3, 0, { images: 0 });
  const text = await pageText(doc.pdf);
  const wrong = { ...doc.label, total: (doc.label.total as number) + 0.01 };
  assert.throws(() => checkPrinted(wrong, text, lexiconOf(doc.model.language)), /total = .* not printed/);
});
