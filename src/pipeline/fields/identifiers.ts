// document_number and account_number: the first code-like word after the label. A code has a digit,
// is not a date or an amount with cents, and is not one of the words that separate label and value.
import type { FieldContext } from './context.js';
import { labelledValues, type LabelledValue } from './find-labelled.js';
import { readConfidence, type Found } from './found.js';
import { fold, type LabelName } from './labels.js';
import { dateTokens } from './tokens.js';

const FILLER = /^(?:no|nr|n°|nº|number|nummer|numero|num|#|:|vom|du|of|dated|date|datum|from|id|ref|№)\.?:?$/iu;
const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-/_.]*[\p{L}\p{N}]$|^\p{N}$/u;

export function findDocumentNumber(context: FieldContext): Found<string> | undefined {
  return bestCode(context, 'documentNumber', (code) => code.length >= 2 && code.length <= 30);
}

export function findAccountNumber(context: FieldContext): Found<string> | undefined {
  // Account numbers are printed with spaces ("123 456 789-0") and kept as printed.
  return bestCode(context, 'accountNumber', (code) => code.replace(/\D/g, '').length >= 4, true);
}

function bestCode(context: FieldContext, name: LabelName, accept: (code: string) => boolean, keepSpaces = false): Found<string> | undefined {
  let best: (Found<string> & { score: number }) | undefined;
  for (const found of labelledValues(context.document, name)) {
    const code = codeIn(found, context, keepSpaces);
    if (!code || !accept(code)) continue;
    const score = 1 - found.rank * 0.08 - (found.placement === 'below' ? 0.15 : found.placement === 'right' ? 0.02 : 0) - found.line.index * 0.001;
    if (best && best.score >= score) continue;
    best = { value: code, confidence: readConfidence(found.rank, found.placement, found.value.confidence), status: 'read', evidence: found.value, printed: code, score };
  }
  if (!best) return undefined;
  const { score: _score, ...found } = best;
  return found;
}

function codeIn(found: LabelledValue, context: FieldContext, keepSpaces: boolean): string | null {
  const words = found.value.words.map((w) => w.text.replace(/^[(:#]+|[),;:]+$/gu, ''));
  const start = words.findIndex((w) => w && !FILLER.test(w));
  if (start < 0) return null;
  let code = words[start]!;
  if (!CODE.test(code) || !/\p{N}/u.test(code)) return null;
  if (dateTokens(code, context.dateOrder).length || /^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/u.test(code)) return null;
  if (keepSpaces) {
    // Digit groups printed apart belong to one account number.
    for (const next of words.slice(start + 1)) {
      if (!/^[\d-]+$/u.test(next)) break;
      code += ` ${next}`;
    }
  }
  if (/^(?:page|seite)$/u.test(fold(words[start - 1] ?? ''))) return null;
  return code;
}
