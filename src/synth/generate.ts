// One document from (seed, index): model → layout → PDF (→ degraded PNG) → label. Document i
// depends only on the seed and i, never on how many documents are made or in what order.
import { chooseDegradation, degradedPng, describeDegradation } from './degrade.js';
import { fontFamilies } from './fonts.js';
import { buildLabel } from './labels.js';
import { chooseLayout, describeLayout } from './layout.js';
import { LANGUAGES, type DocumentKind } from './lexicon.js';
import { buildDocument, type DocumentModel } from './model.js';
import { Measurer, PdfWriter } from './pdf-writer.js';
import { Rng } from './prng.js';
import type { Printer } from './printing.js';
import { renderPageDocument } from './render-page-document.js';
import { renderReceipt } from './render-receipt.js';

export const GENERATOR = 'ledgerlens-synth/1';

export interface GeneratedDocument {
  id: string;
  output: 'pdf' | 'image';
  /** The PDF, or the PNG for image documents. */
  bytes: Uint8Array;
  /** The PDF behind an image document too: tests read its text layer. */
  pdf: Uint8Array;
  label: Record<string, unknown>;
  model: DocumentModel;
  marks: ReadonlySet<string>;
  pages: number;
}

export interface GenerateOptions {
  /** Share of documents delivered as degraded images (0..1). */
  images: number;
}

const KINDS: Record<DocumentKind, number> = { invoice: 50, receipt: 20, utility_bill: 15, credit_note: 15 };
const IMAGE_MAX_LINES = 8;

export async function generateDocument(seed: number, index: number, options: GenerateOptions): Promise<GeneratedDocument> {
  const rng = new Rng(`${seed}:${index}`);
  // Languages take turns, so any 12 consecutive documents cover all of them.
  const language = LANGUAGES[index % LANGUAGES.length]!;
  const kind = rng.weighted(KINDS);
  const wantsImage = rng.chance(options.images);
  const model = buildDocument(rng, kind, language, wantsImage ? { maxLines: IMAGE_MAX_LINES } : {});
  const families = fontFamilies();
  const layout = chooseLayout(rng, model, families);
  const degradation = chooseDegradation(rng, kind === 'receipt');
  const { pdf, printer, pages } = await renderPdf(model, layout);
  // A page image shows one page: a document that ran over stays a PDF.
  const output = wantsImage && pages === 1 ? 'image' : 'pdf';
  const id = `s${seed}_${String(index).padStart(5, '0')}_${language}_${kind}`;
  const label = buildLabel(model, printer.marks, {
    generator: GENERATOR, seed, index, language, kind, output,
    layout: describeLayout(layout, model, pages),
    fonts: families.map((f) => f.name),
    ...(output === 'image' ? { degradation: describeDegradation(degradation) } : {}),
  });
  const bytes = output === 'image' ? await degradedPng(pdf, degradation, rng) : pdf;
  return { id, output, bytes, pdf, label, model, marks: printer.marks, pages };
}

export async function renderPdf(model: DocumentModel, layout: ReturnType<typeof chooseLayout>): Promise<{ pdf: Uint8Array; printer: Printer; pages: number }> {
  if (model.kind === 'receipt') {
    const probe = await PdfWriter.create(layout.font, layout.paper.width, 800);
    const measurer = new Measurer(probe, layout.paper.width, 100_000);
    renderReceipt(measurer, model, layout);
    const writer = await PdfWriter.create(layout.font, layout.paper.width, Math.ceil(measurer.lowest + 16));
    const printer = renderReceipt(writer, model, layout);
    return { pdf: await writer.save(), printer, pages: 1 };
  }
  const writer = await PdfWriter.create(layout.font, layout.paper.width, layout.paper.height);
  const printer = renderPageDocument(writer, model, layout);
  return { pdf: await writer.save(), printer, pages: writer.pageCount };
}
