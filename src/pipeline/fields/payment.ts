// Receipt payment details: how it was paid, the card number as printed (masked) and its last digits,
// the authorisation code, the payment's reference and receipt number, cash tendered and change. Only
// what the receipt prints; the amount paid by card is the total.
import type { FieldContext } from './context.js';
import type { Draft } from './draft.js';
import { evidenceOf } from './find-labelled.js';
import type { Found } from './found.js';
import { LANGUAGE } from '../language/lexicon.js';
import { fold, LABELS } from './labels.js';
import { moneyIn } from './tokens.js';

export type FoundPayment = Draft['payment'];

/** The payment words are the lexicons' (../language/), matched on folded text. */
const says = (words: RegExp, text: string) => words.test(fold(text));
const CARD = LANGUAGE.payment.card;
const LAST4 = /(?:[x*•#]{2,}[\s-]*){1,4}(\d{4})(?!\d)/iu;
/**
 * "Receipt no. 54/7500" (OCR reads the point as a comma), "Beleg-Nr. 0815", "Ticket n° 12": the
 * number of the payment's receipt. A code with a digit, perhaps with "/" or "-".
 */
const RECEIPT_NUMBER = /(?<![\p{L}])(?:receipt|rcpt|beleg|bon|ticket|quittung|kviitung|kuitti)[\s-]*(?:no|nr|nro|n°|nº|number|#)[.,]?\s*[:#]?\s*([A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*)/iu;
/** "Ref. No: 240315", "Reference: AB12C": a payment reference, after its label and a number sign or colon. */
const REFERENCE = /(?<![\p{L}])(?:ref|reference|referenz|référence|viide)(?:\.?\s*(?:no|nr|#)\.?\s*[:#]?|\s*:)\s*([A-Z0-9][A-Z0-9/-]{2,}\d|\d[A-Z0-9/-]{3,})/iu;
/** "AUTH CODE 025972/8585391" (kept whole, as printed), "Code d'autor.: 864531", "Genehmigungs-Nr. 123456". */
const AUTH = /(?<![\p{L}])(?:auth(?:orisation|orization)?\.?\s*(?:code|no|#)?|appr(?:oval)?\.?\s*(?:code|no)?|(?:code d.)?autor(?:isation)?\.?|genehmigungs?(?:-|\s)?(?:nr|nummer|code)\.?)\s*[:#]?\s*([A-Z0-9]{4,8}(?:\/[A-Z0-9]{4,10})?)(?![\p{L}\d])/iu;

export function findPayment(context: FieldContext, total?: Found<number>): FoundPayment {
  const out: FoundPayment = {};
  const read = <T>(value: T, line: { words: Parameters<typeof evidenceOf>[0]; page: number }, confidence = 0.8): Found<T> => ({
    value,
    confidence,
    status: 'read',
    evidence: evidenceOf(line.words, line.page),
  });
  // A card payment's own numbers are printed with it, under the card: a "Receipt No" elsewhere on a
  // till receipt is the sale's number (document_number), the one under "Card Payment" the terminal's.
  let paymentPrinted = false;
  for (const line of context.document.lines) {
    const text = line.text;
    if (paymentPrinted && !out.receipt_number) {
      const receipt = RECEIPT_NUMBER.exec(text);
      if (receipt) out.receipt_number = read(receipt[1]!, line);
    }
    if (paymentPrinted && !out.reference) {
      const reference = REFERENCE.exec(text);
      if (reference) out.reference = read(reference[1]!, line, 0.7);
    }
    paymentPrinted ||= says(CARD, text) || LAST4.test(text);
    if (!out.card_last4) {
      const last4 = LAST4.exec(text);
      if (last4) out.card_last4 = read(last4[1]!, line);
      // The card number as printed, when at least four characters mask it (two are a fragment).
      if (last4 && last4[0].replace(/[^x*•#]/giu, '').length >= 4) out.card_number = read(last4[0].trim(), line);
    }
    if (!out.auth_code) {
      const auth = AUTH.exec(text);
      if (auth && /\d/u.test(auth[1]!)) out.auth_code = read(auth[1]!, line);
    }
    if (!out.method && says(CARD, text)) out.method = read('card', line, 0.75);
  }
  Object.assign(out, cashHandedOver(context));
  if (out.card_last4 && !out.method) out.method = { ...out.card_last4, value: 'card' };
  if (!out.method && out.change) out.method = { ...out.change, value: 'cash' };
  if (out.method?.value === 'card') delete out.tendered;
  const amount = amountPaid(out, total);
  if (amount) out.amount = amount;
  return out;
}

/** Words of a line that says what was paid in cash or handed over. */
const CASH = LANGUAGE.payment.cash;

/**
 * "CASH SALES NO. : CS-19204", "Cash bill no. 1180": the line numbers the document, it hands nothing over.
 * The weakest rank of number labels is left out: its bare "invoice" and "no." are on cash lines too
 * ("Cash Invoice 50.00").
 */
const numbered = (text: string) => LABELS.documentNumber.labels.slice(0, -1).some((label) => label.test(fold(text)));

/** Words that say the amount was handed over, not only that cash paid it ("Cash Received 101.00"). */
const HANDED_OVER = LANGUAGE.payment.handedOver;

/**
 * "CASH 100.00" and "CHANGE 46.40": what the customer handed over and what came back, as printed.
 * A receipt that prints both "Cash 71.00" and "Cash Received 101.00" names the sale's cash amount first.
 */
export function cashHandedOver(context: FieldContext): Pick<FoundPayment, 'tendered' | 'change' | 'amount'> {
  const out: Pick<FoundPayment, 'tendered' | 'change' | 'amount'> = {};
  let handedOver: Found<number> | undefined;
  for (const line of context.document.lines) {
    const text = line.text;
    const read = (value: number, confidence: number): Found<number> => ({ value, confidence, status: 'read', evidence: evidenceOf(line.words, line.page) });
    if (says(LANGUAGE.payment.change, text)) {
      const amount = moneyIn(text, context.separator);
      if (amount && !out.change) out.change = read(Math.abs(amount.value), 0.8);
    } else if (says(CASH, text) && !/\bcash ?back\b/iu.test(text) && !numbered(text)) {
      const amount = moneyIn(text, context.separator);
      if (amount && !out.tendered) out.tendered = read(amount.value, 0.7);
      if (amount && !handedOver && says(HANDED_OVER, text)) handedOver = read(amount.value, 0.75);
    }
  }
  if (handedOver && out.tendered && handedOver !== out.tendered && handedOver.value > out.tendered.value) {
    out.amount = out.tendered;
    out.tendered = handedOver;
  }
  return out;
}

/** Cash handed over less the change: what the sale came to, read a second way. */
export function cashPaid(payment: Pick<FoundPayment, 'tendered' | 'change'>): number | undefined {
  const { tendered, change } = payment;
  return tendered && change && tendered.value > change.value ? Math.round((tendered.value - change.value) * 100) / 100 : undefined;
}

/**
 * The amount the payment applied, which receipts rarely print apart: what was handed over less the
 * change, or else (a card pays exactly what is owed) the total.
 */
function amountPaid(payment: FoundPayment, total: Found<number> | undefined): Found<number> | undefined {
  const paid = cashPaid(payment);
  if (paid !== undefined && payment.tendered && payment.change) {
    return { value: paid, confidence: Math.min(payment.tendered.confidence, payment.change.confidence), status: 'derived' };
  }
  if (payment.method && total) return { value: total.value, confidence: Math.min(payment.method.confidence, total.confidence), status: 'derived' };
  return undefined;
}
