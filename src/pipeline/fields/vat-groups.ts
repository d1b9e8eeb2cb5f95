// VAT groups as printed: a line that holds a rate, a net amount and the VAT on it, whatever the column
// order ("USt. 19% 198,00 37,62", "Umsatzsteuer 129,37 7 9,06", "21 % 41,31 8,68 49,99"). The
// arithmetic (net × rate = VAT, to the cent) is what makes a line a group, not its position.
import type { Line } from '../layout/lines.js';
import type { FieldContext } from './context.js';
import { evidenceOf } from './find-labelled.js';
import { round, type Found } from './found.js';
import { amountTokens } from './tokens.js';

export interface FoundVatGroup {
  rate: Found<number>;
  net: Found<number>;
  vat: Found<number>;
  gross: Found<number>;
}

const PLAUSIBLE_RATE = (rate: number) => rate > 0 && rate <= 30;

/**
 * One group per rate. Line items can look like groups (a 10 % line of 30,00 with 3,00 VAT), so when a
 * rate appears on several lines the choice is the set whose VAT sums to the document's; without that,
 * the last one, because VAT summaries follow the items.
 */
export function findVatGroups(context: FieldContext, vatAmount: number | undefined): FoundVatGroup[] {
  const byRate = new Map<number, FoundVatGroup[]>();
  for (const line of context.document.lines) {
    const group = groupOnLine(line, context);
    if (group) byRate.set(group.rate.value, [...(byRate.get(group.rate.value) ?? []), group]);
  }
  const first = [...byRate.values()].map((list) => list[0]!);
  const last = [...byRate.values()].map((list) => list.at(-1)!);
  const sums = (groups: FoundVatGroup[]) => vatAmount !== undefined && Math.abs(groups.reduce((t, g) => t + g.vat.value, 0) - vatAmount) < 0.011 * groups.length;
  return sums(first) && !sums(last) ? first : last;
}

function groupOnLine(line: Line, context: FieldContext): FoundVatGroup | null {
  const tokens = amountTokens(line.text, context.separator);
  const rates = tokens.filter((t) => PLAUSIBLE_RATE(t.value) && (t.percent || t.decimals === 0 || (t.decimals <= 2 && t.value % 0.5 === 0)));
  const money = tokens.filter((t) => t.decimals === 2 && !t.percent);
  for (const rate of rates) {
    for (const net of money) {
      if (net === rate || Math.abs(net.value) < 0.01) continue;
      const expected = (net.value * rate.value) / 100;
      const vat = money.find((t) => t !== net && t !== rate && t.index > Math.min(net.index, rate.index) && Math.abs(t.value - expected) <= 0.011);
      if (!vat) continue;
      // A rate printed without "%" must sit in a line that talks about tax; a bare small integer is often a quantity.
      if (!rate.percent && !/(?:%|vat|tax|ust|mwst|steuer|tva|btw|iva|moms|alv|pvn|pvm|km|gst)/iu.test(line.text)) continue;
      const evidence = evidenceOf(line.words, line.page);
      const found = (value: number, confidence = 0.9): Found<number> => ({ value, confidence, status: 'read', evidence });
      return {
        rate: found(rate.value),
        net: found(net.value),
        vat: found(vat.value),
        gross: { value: round(net.value + vat.value), confidence: 0.9, status: 'derived' },
      };
    }
  }
  return null;
}
