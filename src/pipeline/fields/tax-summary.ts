// Where a receipt's tax summary starts. Receipts recap their tax below the total, per tax code, and
// that recap's "Total" row is the amount before tax ("GST Summary … Total 73.87 4.43" under "AMT PAID
// Incl. GST RM78.30"): the totals' rules and the learned choice both need to know it.
import { LANGUAGE } from '../language/lexicon.js';
import type { FieldContext } from './context.js';
import { fold } from './labels.js';

/** "GST Summary", "MwSt-Zusammenfassung": a heading naming a tax and a summary. */
const TAX_SUMMARY = new RegExp(`(?:${LANGUAGE.tax.tax}).*(?:${LANGUAGE.table.summary})|(?:${LANGUAGE.table.summary}).*(?:${LANGUAGE.tax.tax})`, 'u');

/** The index of the first line that heads a tax summary; Infinity when none does. */
export function taxSummaryStart(context: FieldContext): number {
  return context.document.lines.find((line) => TAX_SUMMARY.test(fold(line.text)))?.index ?? Infinity;
}
