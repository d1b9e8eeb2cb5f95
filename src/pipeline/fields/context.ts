// Facts about the whole document that every field finder needs: its decimal separator, its date order,
// what kind of document it is. Decided once from the page, with the client's hints as priors only.
import type { Hints } from '../../schemas/hints.schema.js';
import type { TextDocument } from '../layout/text-document.js';
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
  /** Folded text of the whole document, for cheap "does it say" questions. */
  folded: string;
}

export function buildContext(document: TextDocument, hints: Hints): FieldContext {
  const texts = document.lines.map((l) => l.text);
  const folded = fold(texts.join('\n'));
  const monthFirstCountry = hints.country === 'US' || (!hints.country && /\$|\busd\b/u.test(folded) && !/[€£]/u.test(folded));
  return {
    document,
    hints,
    separator: inferDecimalSeparator(texts) ?? undefined,
    dateOrder: hints.date_order ?? dateOrderOf(texts, monthFirstCountry ? 'MDY' : undefined),
    kind: hints.document_kind ?? kindOf(folded, document),
    folded,
  };
}

/**
 * A credit note's amounts are output negative (credit-note-sign.ts), so the words must name one: a
 * German "Gutschrift (selbst ausgestellte Rechnung)" is a self-billed invoice, and French "avoir" is
 * also the verb "to have", so only its titles count ("AVOIR" on a line, "facture d'avoir", "avoir n°").
 */
const CREDIT_NOTE =
  /\b(?:credit note|gutschrift(?! ?\(?selbst)|kreeditarve|hyvityslasku|korekta|nota de credito|rechnungskorrektur|facture d.?avoir)\b|\bavoir (?:n ?[°ºo]|no\b|nr\b|numero|#)|^ *avoir *$/mu;

function kindOf(folded: string, document: TextDocument): DocumentKind {
  if (CREDIT_NOTE.test(folded)) return 'credit_note';
  if (/\b(?:kwh|therms?|ccf|gallons|meter reading|service address|billing period|account number|amount due by)\b/u.test(folded) && !/\b(?:rechnung|facture)/u.test(folded)) return 'bill';
  // Shops print "TAX INVOICE" on till receipts; paying at the counter is what makes a receipt.
  const paidAtCounter = /\b(?:receipt|cashier|change|tendered|cash|kassenbon|quittung|tseke|kuitti|ticket|rounding adj\w*|thank you|merci|danke|aitah|kiitos)\b/u.test(folded);
  const billedLater = /\b(?:due date|payment terms|bill to|invoice to|zahlungsziel|falligkeit|maksetahtaeg|erapaiva|echeance|iban)\b/u.test(folded);
  if (paidAtCounter && !billedLater) return 'receipt';
  if (/\b(?:invoice|rechnung|facture|factuur|arve|lasku|rekins|saskaita|faktura|factura|счет)\b/u.test(folded)) return 'invoice';
  return document.source === 'ocr' ? 'receipt' : 'invoice';
}
