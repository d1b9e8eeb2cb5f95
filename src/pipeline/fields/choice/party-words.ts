// Matchers for a party's legal form, built from the lexicons' `legalForms` (../../language/): the
// forms written in any case on folded text, the short ones that are also words ("AS", "SA") only as
// printed, in capitals. A form's dots and spaces are optional, as OCR and typists drop them
// ("SDN. BHD.", "SDN BHD", "Sp.z o.o.").
import { fold } from '../../language/fold.js';
import { LANGUAGE } from '../../language/lexicon.js';

const phrase = (form: string) =>
  form
    .replace(/\.$/u, '')
    .split(/[\s.]+/u)
    .filter(Boolean)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
    .join('[.\\s]*');
const alternation = (forms: readonly string[]) => [...new Set(forms)].sort((a, b) => b.length - a.length).map(phrase).join('|') || '(?!)';
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '\\.?(?![\\p{L}\\p{N}])';
const ANY_CASE = alternation(LANGUAGE.legalForms.anyCase);
const CAPITALS = alternation(LANGUAGE.legalForms.capitals);
const IN_ANY_CASE = new RegExp(`${BEFORE}(?:${ANY_CASE})${AFTER}`, 'u');
const IN_CAPITALS = new RegExp(`${BEFORE}(?:${CAPITALS})${AFTER}`, 'u');
// At the end, a closing bracket or punctuation may follow ("(M) SDN BHD.", "Ltd,").
const AT_END_ANY_CASE = new RegExp(`${BEFORE}(?:${ANY_CASE})\\.?[\\s,;)]*$`, 'u');
const AT_END_CAPITALS = new RegExp(`${BEFORE}(?:${CAPITALS})\\.?[\\s,;)]*$`, 'u');

/** The text names a legal form ("GmbH", "Sdn Bhd", "OÜ"). */
export const hasLegalForm = (text: string): boolean => IN_ANY_CASE.test(fold(text)) || IN_CAPITALS.test(text);

/** The text ends in a legal form, where a registered name ends. */
export const endsInLegalForm = (text: string): boolean => AT_END_ANY_CASE.test(fold(text)) || AT_END_CAPITALS.test(text);

/** Folded text that is a document's title ("Invoice", "Gutschrift"): no party's name. */
export const documentTitle = (folded: string): boolean => LANGUAGE.kinds.invoice.test(folded) || LANGUAGE.kinds.creditNote.test(folded);

/** A short folded text that is a receipt's title or a till's word ("Kvitto", "Paragon fiskalny", "Cashier"). */
export const tillWord = (folded: string): boolean => folded.trim().split(/\s+/u).length <= 3 && LANGUAGE.kinds.paidAtCounter.test(folded);
