// "2 x 3.50", "0,826 kg x 8,49": a count times a unit price, printed on a line of its own over or under
// the item it counts (till receipts, and tables whose rows print the count under the name).
import type { Word } from '../../types.js';
import { parseAmount, type DecimalSeparator } from '../normalize/amount.js';
import type { RowValues } from './item.js';

/** Count, an optional unit, the sign, the price ("EUR/kg" may follow). */
export const TIMES = /^(\d+(?:[.,]\d+)?)\s*(?:\p{L}{1,4}\.?\s*)?(?:x|@|\*|×)\s*([$€£]?\s?\d+[.,]\d{2,3})(?:\s*\S{1,4}\/\p{L}{1,4})?$/iu;

/** Quantity × price = amount, to a cent and a half or a thousandth (weighed goods round). */
export const multipliesTo = (quantity: number, price: number, amount: number) => Math.abs(quantity * price - amount) <= Math.max(0.015, Math.abs(amount) * 0.001);

/** The quantity and price of a TIMES match (or one with the same first two groups). */
export function multiplied(match: RegExpExecArray, words: Word[], separator: DecimalSeparator | undefined): Pick<RowValues, 'quantity' | 'price'> | undefined {
  const quantity = parseAmount(match[1]!, separator);
  const price = parseAmount(match[2]!, separator);
  if (!quantity || !price) return undefined;
  return { quantity: { value: quantity.value, words }, price: { value: price.value, words } };
}

/** The line's count and price when the whole line is one and it multiplies to `amount`. */
export function countFor(words: Word[], amount: number, separator: DecimalSeparator | undefined): Pick<RowValues, 'quantity' | 'price'> | undefined {
  const match = TIMES.exec(words.map((w) => w.text).join(' ').trim());
  const counts = match ? multiplied(match, words, separator) : undefined;
  return counts && multipliesTo(counts.quantity!.value, counts.price!.value, amount) ? counts : undefined;
}

/** "Bananen 3 x 6,63", "Roggenbrot 1,264 kg x 5,46": a count and price closing a name, when they multiply to `amount`. */
export function countAtEnd(words: Word[], amount: number, separator: DecimalSeparator | undefined): { counts: Pick<RowValues, 'quantity' | 'price'>; length: number } | undefined {
  for (let length = 3; length <= 4 && length < words.length; length++) {
    const counts = countFor(words.slice(-length), amount, separator);
    if (counts) return { counts, length };
  }
  return undefined;
}
