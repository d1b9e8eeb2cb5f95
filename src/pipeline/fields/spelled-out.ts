// A name printed as its initials ("LADWP", "ACME GmbH" aside): the document often spells it out
// somewhere ("Los Angeles Department of Water and Power Charges"). The spelled-out form is the name;
// it is found by the initials of its capitalised words, the small joining words skipped.
import type { TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';

/** An acronym: three to eight capitals, nothing else. */
const ACRONYM = /^[A-Z]{3,8}$/u;
/** Words an acronym skips: "Department of Water and Power" → DWP. */
const JOINING = /^(?:of|and|&|the|for|fur|für|und|der|die|des|de|du|la|le|et|y|del|och|ja|un|ir|i)$/iu;

export interface SpelledOut {
  text: string;
  words: Word[];
  page: number;
}

export function spelledOut(name: string, document: TextDocument): SpelledOut | null {
  if (!ACRONYM.test(name)) return null;
  for (const line of document.lines) {
    const words = line.words;
    for (let start = 0; start < words.length; start++) {
      const run = matchFrom(words, start, name);
      if (run) return { text: run.map((w) => w.text).join(' '), words: run, page: line.page };
    }
  }
  return null;
}

/** The words from `start` whose capitalised initials spell `acronym`, joining words in between. */
function matchFrom(words: readonly Word[], start: number, acronym: string): Word[] | null {
  let matched = 0;
  const run: Word[] = [];
  for (let i = start; i < words.length && matched < acronym.length; i++) {
    const text = words[i]!.text;
    if (run.length > 0 && JOINING.test(text)) {
      run.push(words[i]!);
      continue;
    }
    // Capitalised, not all capitals: the acronym itself is not its own spelling.
    if (!/^\p{Lu}\p{Ll}/u.test(text) || text[0] !== acronym[matched]) return null;
    run.push(words[i]!);
    matched++;
  }
  return matched === acronym.length ? run : null;
}
