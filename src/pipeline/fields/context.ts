// Facts about the whole document that every field finder needs: its decimal separator, its date order,
// what kind of document it is. Decided once from the page, with the client's hints as priors only.
import type { Hints } from '../../schemas/hints.schema.js';
import type { TextDocument } from '../layout/text-document.js';
import { LANGUAGE } from '../language/lexicon.js';
import { fold } from './labels.js';
import { inferDecimalSeparator, type DecimalSeparator } from './normalize/amount.js';
import type { DateOrder } from './normalize/date.js';
import { dateOrderOf } from './tokens.js';

export type DocumentKind = 'invoice' | 'receipt' | 'bill' | 'credit_note';

export interface FieldContext {
  document: TextDocument;
  hints: Hints;
  separator: DecimalSeparator | undefined;
  dateOrder: DateOrder | undefined;
  kind: DocumentKind;
  /**
   * The page names a credit note only outside its title (returns terms, a footer, a line of the
   * table): read as what its title says, its total marked for a person to check the sign.
   */
  creditNoteMentioned: boolean;
  /** Folded text of the whole document, for cheap "does it say" questions. */
  folded: string;
}

export function buildContext(document: TextDocument, hints: Hints): FieldContext {
  const texts = document.lines.map((l) => l.text);
  const folded = fold(texts.join('\n'));
  const titled = titledCreditNote(document);
  const monthFirstCountry = hints.country === 'US' || (!hints.country && /\$|\busd\b/u.test(folded) && !/[€£]/u.test(folded));
  return {
    document,
    hints,
    separator: inferDecimalSeparator(texts) ?? undefined,
    dateOrder: hints.date_order ?? dateOrderOf(texts, monthFirstCountry ? 'MDY' : undefined),
    kind: hints.document_kind ?? kindOf(folded, document, titled),
    creditNoteMentioned: !hints.document_kind && !titled && LANGUAGE.kinds.creditNote.test(folded),
    folded,
  };
}

/** At most this many of the first page's lines are its head, where a document's title stands. */
const TITLE_LINES = 15;
/** A line this short anywhere is a heading ("KREDITNOTA", "Avoir"), not a sentence that mentions one. */
const HEADING_WORDS = 4;

/**
 * A credit note says so in its title: in the first page's head (up to the first line with an amount,
 * which may carry the title: "Gutschrift Nr. 5 ... 233,47"), or as a heading of its own. Words
 * that name one elsewhere ("a credit note is issued for returns", "Gutschrift" in a table's line)
 * make no credit note of an invoice: its amounts would come out negative.
 */
function titledCreditNote(document: TextDocument): boolean {
  const says = LANGUAGE.kinds.creditNote;
  // The head ends where the amounts begin: terms and footers come after them.
  const firstPage = document.lines.filter((line) => line.page === 1).slice(0, TITLE_LINES);
  const amounts = firstPage.findIndex((line) => /\d[.,]\d{2}(?!\d)/u.test(line.text));
  const head = amounts < 0 ? firstPage : firstPage.slice(0, amounts + 1);
  const headings = document.lines.filter((line) => line.text.trim().split(/\s+/u).length <= HEADING_WORDS);
  return [...head, ...headings].some((line) => says.test(fold(line.text)));
}

/**
 * The words are the lexicons' `kinds` (../language/). A credit note's amounts are output negative
 * (credit-note-sign.ts), so its words must name one: a German "Gutschrift (selbst ausgestellte
 * Rechnung)" is a self-billed invoice, and French "avoir" is also the verb "to have", so only its titles
 * count ("AVOIR" on a line, "facture d'avoir", "avoir n°").
 */
function kindOf(folded: string, document: TextDocument, titledCreditNote: boolean): DocumentKind {
  const says = LANGUAGE.kinds;
  if (titledCreditNote) return 'credit_note';
  // Meter readings and billing periods, unless the page calls itself an invoice in a language that does not say "bill".
  if (says.utilityBill.test(folded) && !says.notUtilityBill.test(folded)) return 'bill';
  // Shops print "TAX INVOICE" on till receipts; paying at the counter is what makes a receipt.
  if (says.paidAtCounter.test(folded) && !says.billedLater.test(folded)) return 'receipt';
  if (says.invoice.test(folded)) return 'invoice';
  return document.source === 'ocr' ? 'receipt' : 'invoice';
}
