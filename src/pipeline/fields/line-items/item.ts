// One table row → the values of one line item, each with the words it was read from. Numbers come
// from their columns; quantity × unit price = line amount is checked, and a missing price or quantity
// is derived from the other two. The row's lines under the anchor give the wrapped description, the article
// number, the barcode and a price before discount ("Bruttopreis: 4,00", EN 16931's item gross price).
import type { Word } from '../../types.js';
import { fold } from '../labels.js';
import type { DecimalSeparator } from '../normalize/amount.js';
import { amountTokens, type AmountToken } from '../tokens.js';
import { roleOf, type Column } from './columns.js';
import { holdsItemMoney, numbersIn, PAGE_FURNITURE, wordsIn, type PlacedLine, type TableRow } from './rows.js';
import { countAtEnd, countFor, multipliesTo, TIMES } from './times.js';

export interface ReadValue<T> {
  value: T;
  words: Word[];
  derived?: boolean;
}

export interface RowValues {
  page: number;
  description?: ReadValue<string>;
  code?: ReadValue<string>;
  ean?: ReadValue<string>;
  quantity?: ReadValue<number>;
  unit?: ReadValue<string>;
  price?: ReadValue<number>;
  /** Price before line discounts when the row prints one apart from the price column. */
  priceBeforeDiscount?: ReadValue<number>;
  discountPercent?: ReadValue<number>;
  discountAmount?: ReadValue<number>;
  amount?: ReadValue<number>;
  vatRate?: ReadValue<number>;
  /** quantity × price = amount held (or could not be checked). */
  adds: boolean;
}

const PRICE_BEFORE_DISCOUNT = /(?:bruttopreis|listenpreis|brut|gross price|list price|prix brut|prix catalogue)\s*:?\s*/u;
export const DISCOUNT = /(?<![\p{L}])(?:abzgl|abzuglich|rabatt|nachlass|discount|remise|rabais|reduction|allowance|nuolaid|alennus|atlaide|nuolaida|rabat|upust|descuento|korting|скидка)/u;
const BUYER_CODE = /(?<![\p{L}])(?:ihre|kunde\p{L}*|your|customer|buyer|client|votre|vos|klient\p{L}*|asiakas)/u;

export function readRow(row: TableRow, separator: DecimalSeparator | undefined): RowValues {
  const anchor = withoutOverrun(row.anchor);
  const lines = [...row.above, row.anchor, ...row.below];
  const values: RowValues = { page: anchor.line.page, adds: true };

  const amount = lastMoney(wordsIn(anchor, 'amount'), separator) ?? amountBelow(row, separator);
  if (amount) values.amount = amount;
  const quantity = firstNumber(wordsIn(anchor, 'quantity'), separator);
  if (quantity) values.quantity = quantity;
  const price = lastMoney(wordsIn(anchor, 'unit_price'), separator);
  if (price) values.price = price;
  const rate = percentIn(wordsIn(anchor, 'vat_rate'), separator, MAX_VAT_RATE);
  if (rate) values.vatRate = rate;
  const discount = percentIn(wordsIn(anchor, 'discount'), separator);
  if (discount) values.discountPercent = discount;
  const unit = unitOf(anchor, separator);
  if (unit) values.unit = unit;
  // "Gouda   49,29" over "3 x 16,43": the count and price printed under the name. Where the row's
  // own numbers do not give its amount ("Kananmunat 10 kpl   26,28" over "4 x 6,57"), they are the name's.
  const counted = amount ? row.below.map((placed) => countFor(placed.line.words, amount.value, separator)).find(Boolean) : undefined;
  const ownCount = quantity && price && amount && multipliesTo(quantity.value, price.value, amount.value);
  let description = descriptionOf(row);
  if (counted && !ownCount) {
    Object.assign(values, counted);
    if (quantity || price) description = described(cellsStartingIn(row.anchor, (c) => c.role === 'description')) ?? description;
    if (unit && (quantity || price)) delete values.unit;
  }

  // "Bananen 3 x 6,63   19,89": the count and price printed after the name, in its column.
  const tail = !values.quantity && !values.price && amount && description ? countAtEnd(description.words, amount.value, separator) : undefined;
  if (tail) {
    Object.assign(values, tail.counts);
    description = described(description!.words.slice(0, -tail.length));
  }
  const ean = eanIn(lines);
  if (ean) values.ean = ean;
  const code = codeIn(lines, ean?.value);
  if (code) values.code = code;
  // "[FURN_7777] Office Chair": ERPs print the article number in brackets before the name.
  const bracketed = description && /^\[([^\]\s]+)\]\s*(.+)$/u.exec(description.value);
  if (description && bracketed) {
    values.description = { value: bracketed[2]!, words: description.words.slice(1) };
    values.code ??= { value: bracketed[1]!, words: description.words.slice(0, 1) };
  } else if (description) values.description = description;
  const before = priceBeforeDiscount([...row.above, ...row.below], separator);
  if (before) values.priceBeforeDiscount = before;

  checkArithmetic(values);
  return values;
}

/** "abzgl. 16,7% Rabatt -2,00" under a row is that row's discount, not a row of its own. */
export function isDiscountLine(placed: PlacedLine, separator: DecimalSeparator | undefined): boolean {
  if (wordsIn(placed, 'quantity').length || wordsIn(placed, 'unit_price').some((w) => /\d/u.test(w.text))) return false;
  return DISCOUNT.test(fold(placed.line.text)) && holdsItemMoney(placed, separator);
}

export function applyDiscount(values: RowValues, discount: PlacedLine, separator: DecimalSeparator | undefined): void {
  const tokens = numbersIn(discount.line.words, separator);
  const percent = tokens.find((t) => t.percent);
  const money = lastMoney(wordsIn(discount, 'amount'), separator);
  if (!money) return;
  reduceBy(values, money);
  if (percent) values.discountPercent = { value: Math.abs(percent.value), words: discount.line.words };
}

/** The row's discount: kept as printed, and taken off its amount. */
export function reduceBy(values: RowValues, discount: ReadValue<number>): void {
  values.discountAmount = { value: Math.abs(discount.value), words: discount.words };
  if (values.amount) values.amount = { value: round(values.amount.value - Math.abs(discount.value), 4), words: [...values.amount.words, ...discount.words], derived: true };
}

function checkArithmetic(values: RowValues): void {
  const { quantity: q, price: p, amount: a } = values;
  // The price less the line's discount percentage, which the amount is printed after.
  const discounted = p ? p.value * (1 - (values.discountPercent?.value ?? 0) / 100) : 0;
  if (q && p && a) {
    // A net price times the quantity gives the amount, or the amount with the line's VAT on top.
    const withVat = values.vatRate ? 1 + values.vatRate.value / 100 : 1;
    const prices = [p.value, discounted, values.priceBeforeDiscount?.value].filter((v): v is number => v !== undefined);
    values.adds = prices.some((price) => near(q.value * price, a.value) || near(q.value * price * withVat, a.value));
    // "28 Std" for 27,5 hours: a quantity printed in whole units is the one the price and amount give.
    const exact = round(a.value / discounted, 3);
    if (!values.adds && Number.isInteger(q.value) && Math.round(exact) === q.value && near(exact * discounted, a.value)) {
      values.quantity = { value: exact, words: q.words, derived: true };
      values.adds = true;
    }
  } else if (q && a && !p && q.value !== 0) {
    values.price = { value: round(a.value / q.value, 4), words: [], derived: true };
  } else if (p && a && !q && discounted !== 0) {
    const quantity = round(a.value / discounted, 3);
    if (near(quantity * discounted, a.value)) values.quantity = { value: quantity, words: [], derived: true };
  }
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function money(tokens: AmountToken[]): AmountToken[] {
  return tokens.filter((t) => !t.percent);
}

function lastMoney(words: Word[], separator: DecimalSeparator | undefined): ReadValue<number> | undefined {
  const token = money(numbersIn(words, separator)).at(-1);
  return token ? { value: token.value, words: wordsOf(words, token) } : undefined;
}

/** The first number under the quantity header: "10000,0000 KWh", "3 m²". */
function firstNumber(words: Word[], separator: DecimalSeparator | undefined): ReadValue<number> | undefined {
  const token = money(numbersIn(words, separator))[0];
  return token ? { value: token.value, words: wordsOf(words, token) } : undefined;
}

/** Percentage points between 0 and 100, with or without the % sign. */
/**
 * No VAT or sales tax rate in use is above 27 % (Hungary's standard rate, the highest in Europe): a larger
 * figure in the rate's column is another column's amount that the layout placed there ("82,23").
 */
const MAX_VAT_RATE = 30;

/** A rate's cell: the figure printed with "%" when there is one (a price the layout put beside it is not the rate), else the first. */
function percentIn(words: Word[], separator: DecimalSeparator | undefined, max = 100): ReadValue<number> | undefined {
  const rates = numbersIn(words, separator).filter((t) => t.value >= 0 && t.value <= max);
  const token = rates.find((t) => t.percent) ?? rates[0];
  return token ? { value: token.value, words: wordsOf(words, token) } : undefined;
}

/** The words a token was read from, found by its printed text. */
function wordsOf(words: Word[], token: AmountToken): Word[] {
  const parts = token.text.split(/\s+/u);
  const hit = words.filter((w) => parts.some((p) => w.text.includes(p)));
  return hit.length ? hit : words;
}

/** The line amount printed on a line of its own next to the row ("173,10" under "Miettage 86,55 2 19 %"). */
function amountBelow(row: TableRow, separator: DecimalSeparator | undefined): ReadValue<number> | undefined {
  const next = row.below[0];
  if (!next) return undefined;
  if (wordsIn(next, 'quantity').some((w) => /\d/u.test(w.text)) || wordsIn(next, 'unit_price').some((w) => /\d/u.test(w.text))) return undefined;
  return lastMoney(wordsIn(next, 'amount'), separator);
}

function unitOf(anchor: PlacedLine, separator: DecimalSeparator | undefined): ReadValue<string> | undefined {
  const inUnitColumn = wordsIn(anchor, 'unit');
  const afterQuantity = wordsIn(anchor, 'quantity').filter((w) => !numbersIn([w], separator).length);
  const words = (inUnitColumn.length ? inUnitColumn : afterQuantity).filter((w) => !/\d/u.test(w.text) && w.text.length <= 12);
  if (!words.length || words.length > 2) return undefined;
  return { value: words.map((w) => w.text).join(' ').replace(/[.,]$/u, ''), words };
}

/**
 * The article name: the words under the description header on the row's line, joined with the lines
 * it wraps onto; when the row's line has none, the first line under it that has some (a layout that
 * prints the article number over its name). A line under the name that would have fitted on the line
 * above is a note ("aus Deutschland"), not a wrap.
 */
function descriptionOf(row: TableRow): ReadValue<string> | undefined {
  // In a table whose numbers sit mid-cell the name is the first line over them.
  const start = row.above.findIndex((placed) => cellsStartingIn(placed, (c) => c.role === 'description').length);
  const isDescription = (c: Column) => c.role === 'description';
  const own = start >= 0 ? cellsStartingIn(row.above[start]!, isDescription) : descriptionWords(row.anchor, isDescription);
  if (start < 0) {
    own.push(...overrun(row.anchor, own));
    own.sort((a, b) => a.box[0] - b.box[0]);
  }
  if (own.length) {
    const words = [...own];
    let previous = own;
    let previousLine = start >= 0 ? row.above[start]!.line : row.anchor.line;
    const following = start >= 0 ? [...row.above.slice(start + 1), row.anchor, ...row.below] : row.below;
    // Whether the name runs to the row's last line: then a page break may have cut it.
    let toTheEnd = true;
    for (const placed of following) {
      const more = cellsStartingIn(placed, (c) => c.role === 'description');
      const gap = placed.line.box[1] - previousLine.box[3];
      const ends =
        !more.length || placed.line.page !== previousLine.page || gap > (previousLine.box[3] - previousLine.box[1]) * 0.8 ||
        /:/u.test(placed.line.text) || wordsIn(placed, 'position').length > 0 || TIMES.test(placed.line.text.trim()) || !wraps(previous, more[0]!, row);
      if (ends) {
        toTheEnd = false;
        break;
      }
      words.push(...more);
      previous = more;
      previousLine = placed.line;
    }
    // The page ended inside the name: it goes on at the top of the next page.
    if (toTheEnd) for (const placed of row.continued ?? []) words.push(...cellsStartingIn(placed, (c) => c.role === 'description'));
    return described(words);
  }
  for (const placed of row.below) {
    if (/:/u.test(placed.line.text) || PAGE_FURNITURE.test(fold(placed.line.text))) continue;
    const words = cellsStartingIn(placed, (c) => c.role === 'description' || c.also.includes('description'));
    if (words.length) return described(words);
  }
  return undefined;
}

/** A line ending in a comma or hyphen goes on; otherwise the next line's first word must not have fitted. */
function wraps(line: Word[], next: Word, row: TableRow): boolean {
  const last = line.at(-1)!;
  if (/[,&/-]$/u.test(last.text)) return true;
  const columns = [...row.anchor.words.keys()];
  const description = columns.find((c) => c.role === 'description');
  const rightOf = [...new Set([...row.anchor.words.keys(), ...row.below.flatMap((b) => [...b.words.keys()])])]
    .filter((c) => description && c.x0 > description.x1)
    .sort((a, b) => a.x0 - b.x0)[0];
  if (!description || !rightOf) return false;
  const edge = (description.x1 + rightOf.x0) / 2;
  const space = (last.box[2] - last.box[0]) / Math.max(1, last.text.length);
  return last.box[2] + space + (next.box[2] - next.box[0]) > edge;
}

function descriptionWords(placed: PlacedLine, take: (c: Column) => boolean): Word[] {
  return [...placed.words].filter(([column]) => take(column)).flatMap(([, words]) => words).filter((w) => !isEan(w.text.replace(/[^\d]/gu, '')) || /\p{L}/u.test(w.text));
}

/**
 * The end of a name printed past its header, in the name's own cell: "Болты M8 x 40" whose "40" lies
 * under the price header beside the price's own cell, "Eier 10 Stk" over "4 x 5,72" on a row with no
 * count. A word alone in its column on a row with a count ("Widget 2") is that column's value.
 */
function overrun(anchor: PlacedLine, own: Word[]): Word[] {
  const countless = !wordsIn(anchor, 'quantity').length && !wordsIn(anchor, 'unit').length;
  const columnOf = (word: Word) => [...anchor.words].find(([, words]) => words.includes(word))?.[1] ?? [];
  const start = Math.min(...own.map((w) => w.box[0]));
  const cells = anchor.line.cells.filter((cell) => cell.words.some((w) => own.includes(w)));
  const spilled = (word: Word, cell: Word[]) => (countless && /\p{L}/u.test(word.text)) || columnOf(word).some((w) => !cell.includes(w));
  return cells.flatMap((cell) => cell.words.filter((word) => word.box[0] > start && !own.includes(word) && spilled(word, cell.words)));
}

/** The row's line without the end of its name, which other columns' values must not take ("Röstung 1 kg   8 Stk"). */
function withoutOverrun(anchor: PlacedLine): PlacedLine {
  const spilled = new Set(overrun(anchor, descriptionWords(anchor, (c) => c.role === 'description')));
  if (!spilled.size) return anchor;
  return { line: anchor.line, words: new Map([...anchor.words].map(([column, words]) => [column, words.filter((w) => !spilled.has(w))])) };
}

/** Whole printed cells that start under a description header: a note line has no numbers of its own to split off. */
function cellsStartingIn(placed: PlacedLine, take: (c: Column) => boolean): Word[] {
  const first = new Set(descriptionWords(placed, take));
  return placed.line.cells.filter((cell) => first.has(cell.words[0]!)).flatMap((cell) => cell.words);
}

/**
 * "APPEL - Description": software that prints "name - description" writes the heading's own word when
 * the item has no description of its own; the placeholder is not part of the name.
 */
function described(words: Word[]): ReadValue<string> | undefined {
  let text = words.map((w) => w.text).join(' ').replace(/\s+/gu, ' ').trim();
  const placeholder = /^(.*\p{L}.*?)\s+[-–]\s+(\S+)$/u.exec(text);
  if (placeholder && roleOf(placeholder[2]!) === 'description') {
    text = placeholder[1]!;
    words = words.slice(0, -2);
  }
  return /\p{L}/u.test(text) ? { value: text, words } : undefined;
}

/** A GS1 barcode (8, 12, 13 or 14 digits with a valid check digit), or any digits after a GTIN/EAN label. */
function eanIn(lines: PlacedLine[]): ReadValue<string> | undefined {
  for (const placed of lines) {
    for (const word of placed.line.words) {
      const labelled = /^(?:gtin|ean)\s*:?\s*(\d{8,18})$/iu.exec(word.text);
      if (labelled) return { value: labelled[1]!, words: [word] };
      const digits = word.text.replace(/[.,;:]$/u, '');
      if (/^\d+$/u.test(digits) && isEan(digits)) return { value: digits, words: [word] };
    }
  }
  return undefined;
}

export function isEan(digits: string): boolean {
  if (![8, 12, 13, 14].includes(digits.length)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The seller's article number: the first code-like word under a code header, letters with digits first. */
function codeIn(lines: PlacedLine[], ean: string | undefined): ReadValue<string> | undefined {
  const candidates: Word[] = [];
  const columns = (placed: PlacedLine) => [...placed.words].filter(([c]) => c.role === 'code');
  const sellerFirst = (a: [Column, Word[]], b: [Column, Word[]]) => Number(BUYER_CODE.test(fold(a[0].text))) - Number(BUYER_CODE.test(fold(b[0].text)));
  for (const placed of lines) {
    for (const [, words] of columns(placed).sort(sellerFirst)) candidates.push(...words);
  }
  const clean = candidates
    .map((w) => ({ word: w, text: w.text.replace(/[.,;:]$/u, '') }))
    .filter(({ text }) => /\d/u.test(text) && !/^\(.*\)$/u.test(text) && !/\d,\d/u.test(text) && !/^\p{L}+:/u.test(text) && text !== ean && !isEan(text) && text.length <= 20 && !/^\d{1,2}$/u.test(text));
  const pick = clean.find(({ text }) => /\p{L}/u.test(text)) ?? clean[0];
  return pick ? { value: pick.text, words: [pick.word] } : undefined;
}

function priceBeforeDiscount(lines: PlacedLine[], separator: DecimalSeparator | undefined): ReadValue<number> | undefined {
  for (const placed of lines) {
    const text = fold(placed.line.text);
    const match = PRICE_BEFORE_DISCOUNT.exec(text);
    if (!match) continue;
    // "(Brut: 65,00)": the price inside brackets is no negative amount.
    const after = placed.line.text.slice(match.index + match[0].length).replace(/[()]/gu, ' ');
    const token = amountTokens(after, separator).find((t) => !t.percent);
    if (token) return { value: token.value, words: placed.line.words };
  }
  return undefined;
}
