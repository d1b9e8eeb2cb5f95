// Names of the JSON files `extract --out` writes: <name>.json, and for a second input of the same
// name (another folder, another extension) <name>-2.json, so no output overwrites another. Compared
// without case, as macOS and Windows file systems do. A words file's name drops `.words` as well
// (receipt.words.json -> receipt.json), so results sit beside labels the way the scorer reads them.
import { basename, extname } from 'node:path';

const WORDS_SUFFIX = '.words.json';

export function outputNames(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    const stem = path.endsWith(WORDS_SUFFIX) ? basename(path, WORDS_SUFFIX) : basename(path, extname(path));
    let name = stem;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}`;
    taken.add(name.toLowerCase());
    return `${name}.json`;
  });
}
