// The pipeline for one document: open (ingest) → read the pages → layout → fields → reconcile → outcome.
// Runs inside an extraction worker thread; see extraction-pool.ts for the main-thread side.
import type { ExtractionOutcome } from '../schemas/document.schema.js';
import type { Hints } from '../schemas/hints.schema.js';
import { documentsInFile } from './documents-in-file.js';
import { parseEInvoiceXml, type EmbeddedInvoiceXml } from './einvoice/index.js';
import { signCreditNoteLines, signCreditNoteTotals } from './fields/credit-note-sign.js';
import type { DocumentKind, FieldContext } from './fields/context.js';
import { applyDecisions, fieldEntries, type Draft, type FieldValue } from './fields/draft.js';
import { findFields } from './fields/find-fields.js';
import { fromEInvoice, type EInvoiceDraft } from './fields/from-einvoice.js';
import type { Found } from './fields/found.js';
import { findLineItems } from './fields/line-items/index.js';
import { noPlacedCandidates, placedCandidates, type PlacedCandidates } from './fields/placed-candidates.js';
import { buildTextDocument, rawText, type TextDocument } from './layout/text-document.js';
import { buildOutcomeFields } from './outcome.js';
import { readDocument, type ReadDocument } from './read-document.js';
import { missingKeyFields } from './reconcile/key-fields.js';
import { reconcile } from './reconcile/reconcile.js';
import { applyCalibration, type ReviewEvidence } from './review/apply-calibration.js';
import { familiarity } from './review/familiarity.js';
import { calibration, type CalibrationFile } from './review/calibration.js';
import { StageTimings } from './stage-timings.js';
import type { ExtractionRequest, PageWords } from './types.js';

export async function extract(request: ExtractionRequest, timings = new StageTimings()): Promise<ExtractionOutcome> {
  return extractFromRead(await readDocument(request, timings), request.hints, timings);
}

/**
 * Pages of words read elsewhere (words-input.ts) through the same layout, fields and reconciliation
 * as a file's own pages; no embedded XML, so fields come from the words alone.
 */
export function extractFromWords(pages: PageWords[], hints: Hints, timings = new StageTimings()): ExtractionOutcome {
  return extractFromRead({ pageCount: pages.length, pages, warnings: [] }, hints, timings);
}

/** Everything after reading the pages; `scripts/eval-fields.mjs` replays it over cached page words. */
export function extractFromRead(read: ReadDocument, hints: ExtractionRequest['hints'], timings = new StageTimings()): ExtractionOutcome {
  return reviewedOutcome(extractUnreviewed(read, hints, timings), timings);
}

/**
 * The outcome, and where the values that could be its total, number and issue date stand
 * (placed-candidates.ts): the service's read, for a business's known vendors to choose among them.
 */
export function extractPlaced(read: ReadDocument, hints: ExtractionRequest['hints'], timings = new StageTimings()): { outcome: ExtractionOutcome; placed: PlacedCandidates } {
  const unreviewed = extractUnreviewed(read, hints, timings);
  const { pageContext } = unreviewed;
  const placed = pageContext ? timings.timeSync('fields', () => placedCandidates(pageContext)) : noPlacedCandidates();
  return { outcome: reviewedOutcome(unreviewed, timings), placed };
}

function reviewedOutcome(unreviewed: Unreviewed, timings: StageTimings): ExtractionOutcome {
  const file = calibration();
  return file ? timings.timeSync('reconcile', () => reviewed(unreviewed, file)) : unreviewed.outcome;
}

/**
 * The outcome before the review stage (review/), with what that stage weighs besides the outcome:
 * training fits the calibration on these, and the blind folds calibrate them with a map fitted
 * without their fold. Without a calibration the outcome is the engine's own: missing key fields listed,
 * the finders' confidence.
 */
export interface Unreviewed {
  outcome: ExtractionOutcome;
  evidence: ReviewEvidence;
  /** The page's fields' context, where the fields were read from the page (not an e-invoice). */
  pageContext: FieldContext | null;
}

/** The outcome as the review stage leaves it, with calibration `file`. */
export function reviewed({ outcome, evidence }: Unreviewed, file: CalibrationFile): ExtractionOutcome {
  return outcome.is_document ? applyCalibration(outcome, file, evidence) : outcome;
}

export function extractUnreviewed(read: ReadDocument, hints: ExtractionRequest['hints'], timings = new StageTimings()): Unreviewed {
  const warnings = [...read.warnings];
  const whole = timings.timeSync('layout', () => buildTextDocument(read.pages));
  const text = rawText(whole);
  // A file of several documents: the fields are the first one's, and a warning says so.
  const several = timings.timeSync('fields', () => documentsInFile(read.pages, hints, whole));
  if (several) warnings.push(`multiple_documents: the file holds ${several.count} documents; fields are read from the first (${several.where})`);
  const document = several ? timings.timeSync('layout', () => buildTextDocument(several.first)) : whole;
  const page = timings.timeSync('fields', () => findFields(document, hints));
  const einvoice = read.embeddedXml ? timings.timeSync('fields', () => useEmbeddedXml(read.embeddedXml!, page.draft, document, warnings)) : null;
  const draft = einvoice?.draft ?? page.draft;
  const kind = einvoice ? kindDeclared(einvoice.creditNote, page.kind) : page.kind;
  // One sign while reconciling and reading lines, so a page that prints "-233,47 €" at the total and
  // its VAT and lines unsigned still adds up; negative for the output below.
  if (kind === 'credit_note') signCreditNoteTotals(draft, 1);
  const reconciled = timings.timeSync('reconcile', () => reconcile(draft, kind));
  applyDecisions(draft, reconciled.decisions);
  warnings.push(...reconciled.warnings);
  if (!einvoice && kind !== 'credit_note' && page.context.creditNoteMentioned) markCreditNoteMention(draft, warnings);
  const lineItems = einvoice
    ? { items: einvoice.lineItems, findings: new Map(), groups: [], warnings: [] }
    : timings.timeSync('fields', () => findLineItems(page.context, draft));
  if (lineItems.groups.length) draft.vat_rates = lineItems.groups;
  warnings.push(...lineItems.warnings);
  if (kind === 'credit_note') {
    signCreditNoteTotals(draft, -1);
    signCreditNoteLines(lineItems.items, lineItems.findings);
  }
  const { warnings: dropped, support, rival, wordConfidence, leftOut, ...fields } = buildOutcomeFields(draft, lineItems.items, lineItems.findings);
  warnings.push(...dropped);
  const judged = judgeDocument(draft, text);
  const isDocument = judged !== 'not_a_document';
  let missing: string[] = [];
  if (!isDocument) warnings.push('not_a_document: no invoice, receipt or bill fields were found on the page');
  else {
    // Its key fields are missing, so they are listed and the document is in filter=review.
    if (judged === 'doubtful') warnings.push('doubtful_document: the page prints amounts but few invoice, receipt or bill fields were found; it is read as a document and listed for review');
    missing = missingKeyFields(fields.extraction, kind);
    fields.review_fields = [...fields.review_fields, ...missing].sort((a, b) => a.localeCompare(b));
    warnings.push(...missing.map((path) => `key_field_not_found: ${path} was not found on the page; it is listed in review_fields to be filled in`));
  }
  const outcome: ExtractionOutcome = {
    pages: read.pageCount,
    is_document: isDocument,
    ...(isDocument ? fields : { extraction: { line_items: [] }, field_confidence: {}, field_status: {}, review_fields: [], regions: {}, confidence: 0 }),
    warnings,
    ...(text ? { raw_text: text } : {}),
  };
  return { outcome, pageContext: isDocument && !einvoice ? page.context : null, evidence: { support, rival, wordConfidence, leftOut, missing, familiarity: familiarity(page.context, { einvoice: einvoice !== null, kind }) } };
}

/**
 * Credit-note words outside the title (context.ts) leave the amounts as printed; a person checks the
 * sign, so the total is marked (a doubted total stays marked whatever its probability, review/).
 */
function markCreditNoteMention(draft: Draft, warnings: string[]): void {
  warnings.push('credit_note_mentioned: the page names a credit note outside its title; it is read as printed and its total is marked to check the sign');
  if (draft.total) draft.total = { ...draft.total, status: 'review' };
}

function useEmbeddedXml(embedded: EmbeddedInvoiceXml, page: Draft, document: TextDocument, warnings: string[]): (EInvoiceDraft & { creditNote: boolean }) | null {
  const parsed = parseEInvoiceXml(embedded.xml);
  if (!parsed) {
    warnings.push(`embedded_xml_unreadable: ${embedded.filename} is not a CII or UBL invoice; fields are read from the page`);
    return null;
  }
  const used = fromEInvoice(parsed.fields, page, document);
  if (!used) warnings.push(`embedded_xml_mismatch: ${embedded.filename} describes another invoice than the page shows; fields are read from the page`);
  return used && { ...used, creditNote: parsed.creditNote };
}

/** The XML's type code says whether it is a credit note; a correction (384) keeps the signs it is written with. */
function kindDeclared(creditNote: boolean, onPage: DocumentKind): DocumentKind {
  if (creditNote) return 'credit_note';
  return onPage === 'credit_note' ? 'invoice' : onPage;
}

/** Fields only a business document prints (any member of payment and banks); a party name or address can be read from any page of text. */
const DOCUMENT_FIELDS = new Set<keyof Draft>(['issue_date', 'due_date', 'document_number', 'subtotal', 'vat_amount', 'payment', 'banks']);

/**
 * A business document has amounts and some of the fields; a street photo or a page of prose has neither.
 * An amount with cents anywhere will do; else a total read after its label, whole or not ("Grand Total
 * Rs 1939"), with a field only documents print (a date, a number, a payment) beside it; else two such
 * fields (an invoice that prints its amounts without cents: "ATT BETALA 38290" under a number and a
 * date). A page that prints amounts with cents, or one field only documents print, but gives fewer
 * fields is doubtful (a receipt the OCR read badly): read as a document, for a person to check, and
 * never silently dropped.
 */
function judgeDocument(draft: Draft, text: string): 'document' | 'doubtful' | 'not_a_document' {
  const amounts = text.match(/\d+[.,]\d{2}(?!\d)/gu)?.length ?? 0;
  const entries = fieldEntries(draft);
  if (entries.length >= 2 && amounts >= 1) return 'document';
  const onPage = (found: Found<FieldValue> | undefined) => !['derived', 'enriched'].includes(found?.status ?? 'derived');
  const documentFields = new Set(entries.filter(({ key, found }) => DOCUMENT_FIELDS.has(key[0]) && onPage(found)).map(({ key }) => key[0]));
  if (onPage(draft.total) && documentFields.size) return 'document';
  if (documentFields.size >= 2) return 'document';
  return amounts >= 1 || documentFields.size ? 'doubtful' : 'not_a_document';
}
