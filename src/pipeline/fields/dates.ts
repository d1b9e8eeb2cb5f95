// issue_date and due_date. A labelled date wins; without one, the issue date is the first date on the
// document that no other label (delivery, period, due) claims. Day/month order comes from the context.
import type { FieldContext } from './context.js';
import { findLabels, labelledValues, valueText, type LabelledValue } from './find-labelled.js';
import { readConfidence, type Found } from './found.js';
import { fold, LABELS, type LabelName } from './labels.js';
import { dateTokens } from './tokens.js';

export interface Dates {
  issue_date?: Found<string>;
  due_date?: Found<string>;
}

export function findDates(context: FieldContext): Dates {
  const due = labelledDate(context, 'dueDate');
  const issue = labelledDate(context, 'issueDate') ?? dateBesideNumber(context) ?? firstUnclaimedDate(context, due?.value);
  const out: Dates = {};
  if (issue) out.issue_date = issue;
  if (due && due.value !== issue?.value) out.due_date = due;
  return out;
}

/**
 * A card's or a voucher's expiry ("EXP 12/25/26", "Expiry date", "Valid thru", "gültig bis") dates
 * something else than the document, in the languages the engine reads (folded text).
 */
const EXPIRY =
  /(?<![\p{L}])(?:exp|expiry|expires?|expiration|expiring|valid (?:thru|through|until|till|to)|good (?:thru|through)|use by|best before|gultig bis|ablauf\w*|verfall\w*|date d.expiration|expire le|valable jusqu|kehtib kuni|kehtiv kuni|voimassa|parasta ennen|derigs lidz|galioja iki|wazn[ya] do|termin waznosci|caducidad|vence|valido hasta|geldig tot|vervalt|giltig t\.?o\.?m|giltig till|годен до|действителен до|срок действия)(?![\p{L}])[\s.:/-]*(?:date|datum|d)?[\s.:]*$/u;

/** The words printed just before a value, up to 40 characters, folded. */
function textBefore(line: { text: string }, printed: string): string {
  const at = line.text.indexOf(printed);
  return at < 0 ? '' : fold(line.text.slice(Math.max(0, at - 40), at));
}

/** The words of the label a labelled value was found under (its cell, as far as the label reached). */
const labelText = (found: LabelledValue) =>
  found.line.words
    .filter((w) => w.box[0] >= found.label.box[0] - 0.5 && w.box[2] <= found.label.box[2] + 0.5)
    .map((w) => w.text)
    .join(' ');

/** The issue date a label or the title line gives, without falling back on the first date printed. */
export function printedIssueDate(context: FieldContext): Found<string> | undefined {
  return labelledDate(context, 'issueDate') ?? dateBesideNumber(context);
}

function labelledDate(context: FieldContext, name: LabelName): Found<string> | undefined {
  let best: (Found<string> & { score: number }) | undefined;
  for (const found of labelledValues(context.document, name)) {
    const token = dateTokens(found.value.text, context.dateOrder)[0];
    if (!token) continue;
    if (EXPIRY.test(fold(labelText(found))) || EXPIRY.test(fold(found.value.text.slice(0, token.index)))) continue;
    // Only the start of the value: "Datum 05.01.2024 Seite 1" is fine, a sentence with a date is not.
    if (token.index > 12) continue;
    // Issue dates head the document; a labelled date further down is more often a reference's.
    const score = 1 - found.rank * 0.1 - (found.placement === 'below' ? 0.1 : 0) - found.line.index * 0.002;
    if (best && best.score >= score) continue;
    best = {
      value: token.iso,
      confidence: readConfidence(found.rank, found.placement, found.value.confidence) * (token.ambiguous ? 0.6 : 1),
      status: token.ambiguous ? 'review' : 'read',
      evidence: found.value,
      printed: token.text,
      score,
    };
  }
  if (!best) return undefined;
  const { score: _score, ...found } = best;
  return found;
}

/** "Rechnung Nr. 471102 vom 05.06.2018", "Invoice #123 dated 5 Jan 2024": the title line dates the document. */
function dateBesideNumber(context: FieldContext): Found<string> | undefined {
  for (const hit of findLabels(context.document, 'documentNumber')) {
    let rest = valueText(hit.rest, hit.line.page);
    let token = dateTokens(rest.text, context.dateOrder)[0];
    // "Rechnung Nr. 4711 vom" with the date wrapped onto the next line.
    const next = context.document.lines[hit.line.index + 1];
    if (!token && /\b(?:vom|du|dated|of|from|del|van)$/iu.test(rest.text.trim()) && next?.page === hit.line.page) {
      rest = valueText(next.cells[0]!.words, next.page);
      token = dateTokens(rest.text, context.dateOrder).find((t) => t.index === 0);
    }
    if (!token) continue;
    return {
      value: token.iso,
      confidence: readConfidence(1, 'inline', rest.confidence) * (token.ambiguous ? 0.6 : 1),
      status: token.ambiguous ? 'review' : 'read',
      evidence: rest,
      printed: token.text,
    };
  }
  return undefined;
}

const CLAIMED = new RegExp(
  [LABELS.dueDate.labels, LABELS.issueDate.not ? [LABELS.issueDate.not] : []].flat().map((r) => r.source).join('|'),
  'u',
);

/**
 * The words that label a value printed at `index`: those after the last figure before it, folded.
 * "Order No. 1000219 11/03/2018 06:20 PM" dates the receipt; "Order date 11/03/2018" does not.
 */
function labelBefore(text: string, index: number): string {
  return fold(text.slice(0, index).replace(/^.*\d\S*/su, ''));
}

function firstUnclaimedDate(context: FieldContext, due: string | undefined): Found<string> | undefined {
  for (const line of context.document.lines) {
    for (const cell of line.cells) {
      const token = dateTokens(cell.text, context.dateOrder)[0];
      if (!token || token.iso === due) continue;
      if (CLAIMED.test(labelBefore(cell.text, token.index))) continue;
      // "Card Exp   12/25/26": the expiry's label is the text before the date on its line, in this cell or the one before.
      if (EXPIRY.test(textBefore(line, cell.text) + ' ' + fold(cell.text.slice(0, token.index)))) continue;
      return {
        value: token.iso,
        confidence: readConfidence(2, 'pattern', Math.min(...cell.words.map((w) => w.confidence))) * (token.ambiguous ? 0.6 : 1),
        status: token.ambiguous ? 'review' : 'read',
        evidence: { page: line.page, box: cell.box, confidence: Math.min(...cell.words.map((w) => w.confidence)) },
        printed: token.text,
      };
    }
  }
  return undefined;
}
