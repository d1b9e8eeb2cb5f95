// Misreadings every OCR engine makes on receipts and that no later stage can undo, mended here
// where the words come out of OCR (the page's raw text is built from them):
//  - a zero standing between letters is an O ("B00K", "F00DICI0US"), and an O among an amount's
//    figures or after its currency is a zero ("RMO.02", "1O.50");
//  - one letter off in a legal form of several words, the others read right ("SDN BHO", "SDN 3HD",
//    "SON BHD"), or one in each of its words where it ends a name ("CARRY SEN 3HD (590150-A)");
//  - a label's word at the start of a line with figures, one letter off by a letter OCR confuses it
//    with ("Tutal", "Tatal", "Rourding", "AMOURT DUE"): the finders match labels letter by letter.
// The forms and the labels' words come from the lexicons (../language/), so a language's are mended
// as soon as its file names them.
// On the corpus's 131 receipts with ground-truth lines, the company present in PP-OCR's text went
// from 110 to 116 (docs/ocr-engines.md, "Words OCR misreads").
import { fold } from '../language/fold.js';
import { LANGUAGE, LEXICONS, lexiconWords } from '../language/lexicon.js';
import type { EngineWord } from './engine.js';

/** A run of zeros with a letter on each side, in a word whose only figures are those zeros. */
const ZEROS_BETWEEN_LETTERS = /(?<=\p{L})0+(?=\p{L})/gu;

/**
 * An amount with cents, perhaps after its currency ("RM", an ISO code, a sign), whose whole units hold
 * an O: OCR's O for a zero. A figure or the currency must stand with the O's ("NO.12" is a number's
 * label, "O.50" too doubtful).
 */
const O_IN_AMOUNT = /^(RM|[A-Z]{3}|[$€£])?([\dOo]*[Oo][\dOo]*)([.,]\d{2})$/u;
const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

export function mendMisreadWords(words: readonly EngineWord[]): EngineWord[] {
  return mendLabelWords(mendLegalForms(words.map((word) => ({ ...word, text: mendZerosAndOs(word.text) }))));
}

function mendZerosAndOs(text: string): string {
  const amount = O_IN_AMOUNT.exec(text);
  if (amount) {
    const [, currency, units, cents] = amount;
    const sure = currency ? currency.length < 3 || ISO_CODES.has(currency) : /\d/u.test(units!);
    return sure ? (currency ?? '') + units!.replace(/[Oo]/gu, '0') + cents : text;
  }
  return /[1-9]/u.test(text) ? text : text.replace(ZEROS_BETWEEN_LETTERS, (zeros) => 'O'.repeat(zeros.length));
}

/** The lexicons' legal forms of two words or more, each word three letters or more ("sdn bhd"). */
const FORMS: readonly string[][] = LANGUAGE.legalForms.anyCase
  .map((form) => form.split(/\s+/u))
  .filter((parts) => parts.length > 1 && parts.every((part) => /^\p{L}{3,}$/u.test(part)));

/**
 * A word as [before, core, after]: the core is the letters and figures that meet the form's next
 * word, so the first word's last run ("(KL)SDN" → "SDN") and the others' first ("BHZ." → "BHZ",
 * "EHD(139386" → "EHD").
 */
const FIRST = /^(.*?)([\p{L}\p{N}]+)([^\p{L}\p{N}]*)$/su;
const NEXT = /^()([\p{L}\p{N}]+)(.*)$/su;

function mendLegalForms(words: EngineWord[]): EngineWord[] {
  for (const form of FORMS) {
    for (let start = 0; start + form.length <= words.length; start++) {
      const run = words.slice(start, start + form.length);
      const parts = run.map((word, i) => (i === 0 ? FIRST : NEXT).exec(word.text));
      if (!parts.every((part) => part) || !sameLine(run)) continue;
      const cores = parts.map((part) => part![2]!);
      if (cores.some((core, i) => core.length !== form[i]!.length)) continue;
      const wrong = cores.map((core, i) => [...core.toLowerCase()].filter((c, j) => c !== form[i]![j]).length);
      const off = wrong.reduce((a, b) => a + b, 0);
      if (off === 0 || (off > 1 && !(wrong.every((n) => n <= 1) && endsName(words, start, start + form.length)))) continue;
      const capitals = cores.every((core) => core === core.toUpperCase());
      run.forEach((word, i) => {
        const right = capitals ? form[i]!.toUpperCase() : caseLike(cores[i]!, form[i]!);
        words[start + i] = { ...word, text: parts[i]![1]! + right + parts[i]![3]! };
      });
    }
  }
  return words;
}

/**
 * The run [start, end) closes a name: a word stands before it on its line, and nothing follows on
 * the line but the company's number in brackets. A legal form ends a name's line, while words each
 * one letter off a form's ("SUN BED") are more likely something else among other words.
 */
function endsName(words: readonly EngineWord[], start: number, end: number): boolean {
  const before = words[start - 1];
  const after = words[end];
  return !!before && sameLine([before, words[start]!]) && (!after || !sameLine([words[end - 1]!, after]) || /^\(/u.test(after.text));
}

/** `form` in the case `printed` has letter by letter. */
const caseLike = (printed: string, form: string) => [...form].map((c, i) => (printed[i] === printed[i]!.toUpperCase() ? c.toUpperCase() : c)).join('');

/** Words of one line, each starting after the last: OCR's words come in reading order. */
function sameLine(run: readonly EngineWord[]): boolean {
  return run.every((word, i) => {
    const before = run[i - 1];
    if (!before) return true;
    const overlap = Math.min(before.y1, word.y1) - Math.max(before.y0, word.y0);
    return word.x0 > before.x0 && overlap > 0.5 * Math.min(before.y1 - before.y0, word.y1 - word.y0);
  });
}

/**
 * Letters OCR reads for one another on receipts' print: round letters, thin upright strokes, and
 * "rn"'s halves. A label word is mended only across these, so a word one other letter off stays
 * ("Datuk" is not "Datum").
 */
const CONFUSED = ['aeouc', 'il1t!|', 'rn', 'hb'];
const confused = (a: string, b: string) => CONFUSED.some((group) => group.includes(a) && group.includes(b));

/** The lexicons' words of five letters or more (shorter ones are too close to too many others), by length. */
const LABEL_WORDS = new Set(LEXICONS.flatMap((lexicon) => [...lexiconWords(lexicon)]).filter((word) => word.length >= 5));
const LABEL_WORDS_BY_LENGTH = new Map<number, string[]>();
for (const word of LABEL_WORDS) LABEL_WORDS_BY_LENGTH.set(word.length, [...(LABEL_WORDS_BY_LENGTH.get(word.length) ?? []), word]);

/** The one label word `folded` is a confused letter off, if there is exactly one. */
function labelWordNear(folded: string): string | undefined {
  if (LABEL_WORDS.has(folded)) return undefined;
  const near = (LABEL_WORDS_BY_LENGTH.get(folded.length) ?? []).filter((word) => {
    const off = [...word].flatMap((c, i) => (c === folded[i] ? [] : [[c, folded[i]!] as const]));
    return off.length === 1 && confused(off[0]![0], off[0]![1]);
  });
  return near.length === 1 ? near[0] : undefined;
}

function mendLabelWords(words: EngineWord[]): EngineWord[] {
  words.forEach((word, i) => {
    if (i > 0 && sameLine([words[i - 1]!, word])) return;
    const parts = NEXT.exec(word.text);
    // The line's figures may be a box of their own, read after other lines' words.
    if (!parts || !/^\p{L}+$/u.test(parts[2]!) || !words.some((other) => /\d/u.test(other.text) && sameLine([word, other]))) return;
    const right = labelWordNear(fold(parts[2]!));
    if (right) words[i] = { ...word, text: caseLike(parts[2]!, right) + parts[3]! };
  });
  return words;
}
