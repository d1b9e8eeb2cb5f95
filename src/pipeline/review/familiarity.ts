// How much a document looks like what the engine learned from, as numbers the calibration weighs
// beside each value's own evidence: how it was read (text layer or OCR, and how sure OCR was), how
// much of its wording the lexicons know (a language without a lexicon leaves the labels unread and the
// finders guessing by position), how many of the lexicons' field labels it prints, whether an
// e-invoice's XML gave the fields, and its kind. On the wide corpus's open split the engine read an
// OCR'd page's values, and a page in a language the lexicons barely knew, right far less often than a
// text PDF's in a known one; a calibration that cannot see this is as sure of the one as of the other.
import type { DocumentKind, FieldContext } from '../fields/context.js';
import { LANGUAGE, LEXICONS, lexiconWords } from '../language/lexicon.js';

export interface Familiarity {
  /** 1 where any page was read by OCR. */
  ocr: number;
  /** Mean OCR confidence over the document's words (1 for a text layer). */
  readConfidence: number;
  /** Share of the document's words of four letters or more that some lexicon holds. */
  lexiconShare: number;
  /** How many of the lexicons' label sets match a line of the document, over ten (at most 1). */
  labels: number;
  /** 1 where the fields came from an embedded e-invoice. */
  einvoice: number;
  kind: DocumentKind;
}

const KINDS = ['invoice', 'receipt', 'bill', 'credit_note'] as const satisfies readonly DocumentKind[];

export const FAMILIARITY_FEATURES = [
  'doc_ocr', 'doc_read_confidence', 'doc_lexicon_share', 'doc_labels', 'doc_einvoice', ...KINDS.map((k) => `doc_kind=${k}`),
] as const;

const KNOWN_WORDS = new Set(LEXICONS.flatMap((lexicon) => [...lexiconWords(lexicon)]));
const LABEL_SETS = Object.values(LANGUAGE.labels);

/** `context`: the fields stage's view of the document, whose folded text is read once for all. */
export function familiarity({ document, folded: text }: Pick<FieldContext, 'document' | 'folded'>, { einvoice, kind }: { einvoice: boolean; kind: DocumentKind }): Familiarity {
  // One text, one test per label: no label spans a line, and a test per line cost a long page milliseconds.
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  const labels = LABEL_SETS.filter((set) => set.labels.some((label) => label.test(text))).length;
  return {
    ocr: document.source === 'text-layer' ? 0 : 1,
    readConfidence: document.confidence,
    lexiconShare: words.length ? words.filter((w) => KNOWN_WORDS.has(w)).length / words.length : 0,
    labels: Math.min(10, labels) / 10,
    einvoice: einvoice ? 1 : 0,
    kind,
  };
}

/** The numbers of FAMILIARITY_FEATURES, in order; all zero where nothing is known (an outcome without evidence). */
export function familiarityFeatures(f: Familiarity | undefined): number[] {
  if (!f) return FAMILIARITY_FEATURES.map(() => 0);
  return [f.ocr, f.readConfidence, f.lexiconShare, f.labels, f.einvoice, ...KINDS.map((k) => (f.kind === k ? 1 : 0))];
}
