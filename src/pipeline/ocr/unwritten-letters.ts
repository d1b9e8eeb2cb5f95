// Whether a reading is in a language whose letters the engine cannot write. PP-OCR's dictionary has
// ä ü é but no ö õ š ž ß å ł (docs/ocr-engines.md): a German or Estonian receipt it reads comes back
// with those letters turned into others, unnoticed. The language is told from the words, against
// the lexicons' vocabulary (pipeline/language); the engine cannot be asked, as it never saw them.
import { fold } from '../language/fold.js';
import { LEXICONS, lexiconWords, type Lexicon } from '../language/lexicon.js';

/**
 * Distinct words of a language's own vocabulary a reading must hold to be taken as in it. Receipts
 * name their total, tax and payment in their language ("Summe", "MwSt", "Bar"; "kokku", "käibemaks"),
 * and one such word may be a shop's name.
 */
const WORDS_OF_LANGUAGE = 2;

/** Per lexicon, the words no lexicon whose letters are all a–z also holds ("total" is English too). */
const vocabularies = (() => {
  const plain = new Set(LEXICONS.filter((l) => !l.letters).flatMap((l) => [...lexiconWords(l)]));
  return LEXICONS.filter((l) => l.letters).map((lexicon) => ({ lexicon, words: new Set([...lexiconWords(lexicon)].filter((w) => !plain.has(w))) }));
})();

/**
 * The language of these words whose letters `writes` lacks some of, if the words are in one: the
 * first with at least WORDS_OF_LANGUAGE of its own words among them.
 */
export function languageWithUnwrittenLetters(words: readonly { text: string }[], writes: (letter: string) => boolean): Lexicon | undefined {
  const read = new Set(words.flatMap((w) => fold(w.text).match(/\p{L}{4,}/gu) ?? []));
  for (const { lexicon, words: vocabulary } of vocabularies) {
    if ([...lexicon.letters].every(writes)) continue;
    let found = 0;
    for (const word of read) if (vocabulary.has(word) && ++found >= WORDS_OF_LANGUAGE) return lexicon;
  }
  return undefined;
}
