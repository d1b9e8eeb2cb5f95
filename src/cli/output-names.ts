// Names of the JSON files `extract --out` writes: <name>.json, and for a second input of the same
// name (another folder, another extension) <name>-2.json, so no output overwrites another. Compared
// without case, as macOS and Windows file systems do.
import { basename, extname } from 'node:path';

export function outputNames(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    const stem = basename(path, extname(path));
    let name = stem;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}`;
    taken.add(name.toLowerCase());
    return `${name}.json`;
  });
}
