// Invoices from one vendor, as a business receives them over time: the vendor's name, identifiers,
// bank account, number pattern and layout stay; lines, totals, numbers and dates change. Optionally
// one document carries another IBAN (the payment-fraud pattern a vendor directory should catch).
// Document i of vendor v depends only on (seed, v, i).
import { fontFamilies } from './fonts.js';
import { GENERATOR, renderPdf, type GeneratedDocument } from './generate.js';
import { buildLabel } from './labels.js';
import { chooseLayout, describeLayout, type Layout } from './layout.js';
import { LANGUAGES } from './lexicon.js';
import { banks, type Bank } from './parties.js';
import { buildDocument, NUMBER_PATTERNS, numberIn, type DocumentModel } from './model.js';
import { Rng } from './prng.js';

export interface VendorSeriesOptions {
  documents: number;
  /** The 0-based index of the document that prints a bank account the vendor never used before. */
  changedIbanAt?: number | undefined;
}

/** One page keeps a series quick to read and every document's totals on the page the tests look at. */
const MAX_LINES = 10;
/** Draws of a document until it falls in the vendor's country (a language's lexicon lists a few). */
const MAX_DRAWS = 200;

export async function generateVendorSeries(seed: number, vendor: number, options: VendorSeriesOptions): Promise<GeneratedDocument[]> {
  const rng = new Rng(`${seed}:vendor:${vendor}`);
  const language = LANGUAGES[vendor % LANGUAGES.length]!;
  const template = buildDocument(rng, 'invoice', language, { maxLines: MAX_LINES });
  const families = fontFamilies();
  // The account must be printed for the directory to know it.
  const layout: Layout = { ...chooseLayout(rng, template, families), bank: rng.chance(0.5) ? 'block' : 'footer', pageNumbers: false };
  const numberPattern = rng.pick(NUMBER_PATTERNS);
  const out: GeneratedDocument[] = [];
  for (let i = 0; i < options.documents; i++) {
    const model = documentOf(seed, vendor, i, template);
    model.number = numberIn(new Rng(`${seed}:vendor:${vendor}:${i}:number`), numberPattern, model.issueDate);
    model.banks = i === options.changedIbanAt ? otherAccount(seed, vendor, template) : template.banks;
    const { pdf, printer, pages } = await renderPdf(model, layout);
    const id = `v${seed}_${String(vendor).padStart(3, '0')}_${i}_${language}`;
    const label = buildLabel(model, printer.marks, {
      generator: GENERATOR, seed, index: vendor * 1000 + i, language, kind: 'invoice', output: 'pdf',
      layout: describeLayout(layout, model, pages), fonts: families.map((f) => f.name),
    });
    out.push({ id, output: 'pdf', bytes: pdf, pdf, label, model, marks: printer.marks, pages });
  }
  return out;
}

/** A fresh invoice of the vendor's language and country, with the vendor's own party. */
function documentOf(seed: number, vendor: number, index: number, template: DocumentModel): DocumentModel {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const model = buildDocument(new Rng(`${seed}:vendor:${vendor}:${index}:${draw}`), 'invoice', template.language, { maxLines: MAX_LINES });
    if (model.country === template.country) return { ...model, vendor: template.vendor };
  }
  throw new Error(`no invoice drawn in ${template.country} for vendor ${vendor}`);
}

function otherAccount(seed: number, vendor: number, template: DocumentModel): Bank[] {
  const known = new Set(template.banks.map((b) => b.iban));
  const rng = new Rng(`${seed}:vendor:${vendor}:changed-account`);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const [account] = banks(rng, template.country, template.facts, 1);
    if (account && !known.has(account.iban)) return [account];
  }
  throw new Error(`no other account drawn for vendor ${vendor}`);
}
