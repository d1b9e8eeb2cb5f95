// `hints` arrives as a string. A JSON object is read as structured hints and checked strictly (a
// misspelt member is an error the client wants to hear about); any other text is kept as a note.
import { Compile } from 'typebox/compile';
import { invalidRequest } from '../errors.js';
import { Hints } from '../schemas/hints.schema.js';

const validator = Compile(Hints);

export function parseHints(raw: string | undefined): Hints {
  const text = raw?.trim();
  if (!text) return {};
  if (!text.startsWith('{')) return { text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest('hints looks like JSON but does not parse');
  }
  if (!validator.Check(value)) {
    const unknown = Object.keys(value as object).find((name) => !(name in Hints.properties));
    if (unknown) throw invalidRequest(`hints has an unknown member "${unknown}"`);
    const first = validator.Errors(value).find((e) => e.keyword !== 'boolean');
    throw invalidRequest(`hints${first?.instancePath.replace('/', '.') ?? ''} ${first?.message ?? 'is not valid'}`);
  }
  return value;
}
