// Item lines of a till receipt, which prints no table header: "012345678905 HAND PRUNER <A>   9.97",
// "2 x 4,50" over "COFFEE   9,00", "NASI LEMAK" over "2 x 3.50   7.00", "1 Club Sandwich   12.00",
// "2 Prosecco @ 30.00   60.00", "1 Chicken Curry" over "Large   18.50". A line is an item when it holds a name and
// ends in one amount with cents (a tax flag such as "A" or "<A>" may follow); the items end at the
// totals block. Lines about the shop, the payment or the tax are never items.
import type { Line } from '../../layout/lines.js';
import type { Word } from '../../types.js';
import type { FieldContext } from '../context.js';
import { fold } from '../labels.js';
import { LANGUAGE } from '../../language/lexicon.js';
import type { DecimalSeparator } from '../normalize/amount.js';
import { parseAmount } from '../normalize/amount.js';
import { dateTokens } from '../tokens.js';
import { DISCOUNT, isEan, reduceBy, type RowValues } from './item.js';
import { PAGE_FURNITURE, TOTALS } from './rows.js';
import { multiplied, multipliesTo, TIMES } from './times.js';

const NOT_AN_ITEM = new RegExp(
  `(?<![\\p{L}])(?:total|subtotal|sub total|amount|amt|paid|balance|due|qty|items?|tel|phone|fax|cashier|kassierer|receipt|beleg|change|cash|card|carte|tarjeta|kortti|karta|visa|mastercard|amex|debit|credit|auth|approval|tendered|savings|saved|discount|rabatt|coupon|points|member|${LANGUAGE.tax.tax}|tip|gratuity|service charge|rounding|thank|danke|merci|www|http|invoice|terminal|tid|mid|ref)(?![\\p{L}])`,
  'u',
);
/** "Product Group Summary", "Zusammenfassung": a recap of the items follows them. */
const SUMMARY = new RegExp(LANGUAGE.table.summary, 'u');
const TAX_FLAG = /^(?:<[a-z]>|\([a-z]\)|[a-z]|\*|[a-z]\*)$/iu;
/** "2 x 3.50   7.00" under its name. */
const TIMES_AMOUNT = /^(\d+(?:[.,]\d+)?)\s*(?:x|@|\*|×)\s*([$€£]?\s?\d+[.,]\d{2,3})\s+([$€£]?\s?\d+[.,]\d{2})(?:\s+\S{1,3})?$/iu;

export function readReceiptLines(context: FieldContext): RowValues[] {
  const { document, separator } = context;
  const rows: RowValues[] = [];
  let pending: Pick<RowValues, 'quantity' | 'price'> | undefined;
  let name: Line | undefined;
  let lone: { line: Line; amount: Word } | undefined;
  for (const line of document.lines) {
    // Specks of a photo's background read as ":" or "q" between an item's lines.
    if ((line.text.match(/[\p{L}\d]/gu) ?? []).length < 3) continue;
    const text = fold(line.text).trim();
    if (TOTALS.test(text.replace(/^[^\p{L}]+/u, '')) || (SUMMARY.test(text) && rows.length)) {
      if (rows.length) break;
      continue;
    }
    // A photo taken at a slant splits "2 House Lager ... 10.20" into an amount and a name on one height.
    const amountHere = loneAmount(line);
    const split =
      lone && sameHeight(lone.line, line) && !NOT_AN_ITEM.test(text) && !/\d[.,]\d{2}(?!\d)/u.test(line.text)
        ? itemLine([...line.words, lone.amount], line.page, separator)
        : name && amountHere && sameHeight(name, line)
          ? itemLine([...name.words, amountHere.amount], line.page, separator)
          : undefined;
    lone = amountHere;
    if (split) {
      rows.push(split);
      name = undefined;
      continue;
    }
    const times = TIMES.exec(line.text.trim());
    if (times) {
      // Printed under its item ("Bananas   2,72" over "0,158 kg x 17,19") when it multiplies to the
      // amount above; otherwise over the item it counts ("2 x 4,50" over "COFFEE   9,00").
      const counts = multiplied(times, line.words, separator);
      const above = rows.at(-1);
      if (counts && above?.amount && !above.quantity && multipliesTo(counts.quantity!.value, counts.price!.value, above.amount.value)) Object.assign(above, counts);
      else pending = counts;
      continue;
    }
    const timesAmount = TIMES_AMOUNT.exec(line.text.trim());
    const amount = timesAmount && parseAmount(timesAmount[3]!, separator);
    if (timesAmount && amount && name) {
      const words = name.words;
      rows.push({ page: line.page, adds: true, description: { value: name.text, words }, amount: { value: amount.value, words: line.words }, ...multiplied(timesAmount, line.words, separator) });
      name = undefined;
      continue;
    }
    // "Rabatt  -0,50" under "BANANEN  2,49": that item's discount, not an item of its own.
    const discount = rows.length && DISCOUNT.test(text) ? itemLine(line.words, line.page, separator)?.amount : undefined;
    const reduced = rows.at(-1);
    if (discount && reduced?.amount && discount.value < 0 && -discount.value < reduced.amount.value && rightUnder(line, reduced)) {
      reduceBy(reduced, discount);
      name = undefined;
      continue;
    }
    if (NOT_AN_ITEM.test(text) || PAGE_FURNITURE.test(text) || dateTokens(line.text, undefined).length || /\d{1,2}:\d{2}/u.test(line.text)) {
      name = undefined;
      continue;
    }
    // "1 Chicken Curry" over "Large   18.50": a counted name runs on to the line with its amount.
    const continued = name && counted(name) && !counted(line) && startsUnder(line, name) ? itemLine([...name.words, ...line.words], line.page, separator) : undefined;
    const row = continued ?? itemLine(line.words, line.page, separator);
    // A line with a name and no amount may be the name of the "2 x 3.50   7.00" line under it.
    name = !row && (line.text.match(/\p{L}/gu) ?? []).length >= 3 && !/\d[.,]\d{2}(?!\d)/u.test(line.text) ? line : undefined;
    if (!row) continue;
    if (pending && !row.quantity) Object.assign(row, pending);
    pending = undefined;
    rows.push(row);
  }
  return rows;
}

/** The line follows the item's amount with no line between (a savings summary further down does not). */
function rightUnder(line: Line, item: RowValues): boolean {
  const word = item.amount?.words.at(-1);
  if (!word || line.page !== item.page) return false;
  return line.box[1] > word.box[1] && line.box[1] - word.box[3] < (word.box[3] - word.box[1]) * 1.2;
}

/** The line starts with a count of what it names ("3 Chicken Curry"). */
const counted = (line: Line) => /^[1-9]\d{0,2}$/u.test(line.words[0]?.text ?? '') && (line.words.slice(1, 3).map((w) => w.text).join(' ').match(/\p{L}/gu) ?? []).length >= 3;

/** The line starts under the left half of the one above, as a wrapped name does (an amount standing off to the right does not). */
const startsUnder = (line: Line, above: Line) => line.page === above.page && line.box[0] < (above.box[0] + above.box[2]) / 2;

/** A tax flag ("A", "<A>") or a mark without a letter or digit ("=", ";") after a name or an amount. */
const trailer = (word: Word) => TAX_FLAG.test(word.text) || !/[\p{L}\d]/u.test(word.text);

/** A line that holds an amount with cents and nothing that names anything. */
function loneAmount(line: Line): { line: Line; amount: Word } | undefined {
  const amount = line.words.findLast((w) => /[\p{L}\d]/u.test(w.text));
  if (!amount || !/\d[.,]\d{2}$/u.test(amount.text) || (line.text.match(/\p{L}/gu) ?? []).length) return undefined;
  return { line, amount };
}

function sameHeight(a: Line, b: Line): boolean {
  const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
  return a.page === b.page && overlap > 0.5 * Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]);
}

function itemLine(lineWords: Word[], page: number, separator: DecimalSeparator | undefined): RowValues | undefined {
  const words = [...lineWords];
  // A speck at the paper's edge read as ";" is not part of the line.
  while (words.length && trailer(words.at(-1)!)) words.pop();
  const last = words.pop();
  const amount = last && /[.,]\d{2}$/u.test(last.text) ? parseAmount(last.text, separator) : null;
  if (!last || !amount) return undefined;
  while (words.length && trailer(words.at(-1)!)) words.pop();

  const row: RowValues = { page, adds: true, amount: { value: amount.value, words: [last] } };
  const times = timesBeforeAmount(words, amount.value, separator);
  if (times) {
    words.splice(times.from);
    if ((words.map((w) => w.text).join(' ').match(/\p{L}/gu) ?? []).length < 3) return undefined;
    return { ...row, description: { value: words.map((w) => w.text).join(' '), words }, quantity: times.quantity, price: times.price };
  }
  const first = words[0];
  const count = first && /^[1-9]\d{0,2}$/u.test(first.text) && words.length > 1 ? Number(first.text) : undefined;
  const printedPrice = unitPriceAtEnd(words, separator);
  const multiplies = count !== undefined && printedPrice !== undefined && multipliesTo(count, printedPrice.value, amount.value);
  // OCR reads some at signs as "&" or "8", which names hold too: that reading counts only when the numbers multiply.
  const price = printedPrice && (printedPrice.marker === '@' || multiplies) ? printedPrice : undefined;
  if (price) words.splice(-2);
  if (first && /^\d{6,14}$/u.test(first.text)) {
    row[isEan(first.text) ? 'ean' : 'code'] = { value: first.text, words: [first] };
    words.shift();
  } else if (count !== undefined && (count < 100 || multiplies)) {
    row.quantity = { value: count, words: [first!] };
    words.shift();
  }
  const name = words.map((w) => w.text).join(' ');
  if ((name.match(/\p{L}/gu) ?? []).length < 3) return undefined;
  row.description = { value: name, words };
  if (price) {
    row.price = { value: price.value, words: price.words };
    if (row.quantity) row.adds = multiplies;
  } else if (row.quantity && row.quantity.value !== 0) {
    row.price = { value: Math.round((amount.value / row.quantity.value) * 10000) / 10000, words: [], derived: true };
  }
  return row;
}

/**
 * "Orange juice   2 x 6,86   13,72", "Cheese   2,051 kg x 7,25   14,87": a count or a weight times the
 * unit price between the name and the amount. Names hold "x" too ("Bolts M8 x 40"), so it counts only
 * when the numbers multiply to the amount.
 */
function timesBeforeAmount(words: Word[], amount: number, separator: DecimalSeparator | undefined): Pick<RowValues, 'quantity' | 'price'> & { from: number } | undefined {
  const n = words.length;
  const [marker, printed] = words.slice(-2);
  if (!marker || !printed || !/^[x×*]$/iu.test(marker.text) || !/^[$€£]?\d+[.,]\d{2,3}$/u.test(printed.text)) return undefined;
  const unit = n >= 4 && /^\p{L}{1,4}\.?$/u.test(words[n - 3]!.text) ? 1 : 0;
  const from = n - 3 - unit;
  const count = words[from];
  if (!count || !/^\d+(?:[.,]\d{1,3})?$/u.test(count.text)) return undefined;
  const [quantity, price] = [parseAmount(count.text, separator), parseAmount(printed.text, separator)];
  if (!quantity || !price || !multipliesTo(quantity.value, price.value, amount)) return undefined;
  return { from, quantity: { value: quantity.value, words: words.slice(from, n - 2) }, price: { value: price.value, words: [printed] } };
}

/** "Prosecco @ 30.00   60.00": the unit price printed after an at sign, at the end of the name. */
function unitPriceAtEnd(words: Word[], separator: DecimalSeparator | undefined): { value: number; words: Word[]; marker: string } | undefined {
  const [marker, printed] = words.slice(-2);
  if (!marker || !printed || !/^[@&8©]$/u.test(marker.text) || !/^[$€£]?\d+[.,]\d{2,3}$/u.test(printed.text)) return undefined;
  const price = parseAmount(printed.text, separator);
  return price ? { value: price.value, words: [marker, printed], marker: marker.text } : undefined;
}
