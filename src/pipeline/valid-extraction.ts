// The last check before an extraction leaves the pipeline: it must be what the DocumentFields schema,
// and so the API's documentation, promises. A value that is not is an engine bug, not something the
// document did, and the document's other fields are still good: the value is dropped and named in a
// warning, rather than the whole document failed for it (docs/engine.md, The draft).
import { Compile } from 'typebox/compile';
import { DocumentFields } from '../schemas/document-fields.schema.js';

const checker = Compile(DocumentFields);
/** More drops than this is not one bad value but a broken stage. */
const MAX_DROPS = 20;

export interface DroppedValue {
  /** As the API names fields: "total", "vendor.name", "line_items[0].total", "vat_rates" (a whole array, see below). */
  path: string;
  problem: string;
}

/**
 * Removes from `extraction` what the schema does not allow, one value at a time, until it passes: a
 * member is deleted from its object; a bad array element takes its whole array with it (removing one
 * would renumber the paths of the others), and line_items, which the schema requires, is emptied
 * instead; an object left without a member it requires goes next. A fault at the top (not an object)
 * is not a value: it throws, as any other engine error does.
 */
export function dropInvalidValues(extraction: Record<string, unknown>): DroppedValue[] {
  const dropped: DroppedValue[] = [];
  while (!checker.Check(extraction)) {
    const error = checker.Errors(extraction)[0];
    const segments = (error?.instancePath ?? '').split('/').slice(1).map((s) => s.replace(/~1/gu, '/').replace(/~0/gu, '~'));
    if (!segments.length || dropped.length >= MAX_DROPS) throw new Error(`the extraction does not match the DocumentFields schema: ${error?.message ?? 'no error'}`);
    dropped.push({ path: remove(extraction, segments), problem: error!.message });
  }
  return dropped;
}

/** Removes the value at `segments` (or the array it is an element of); the path of what went. */
function remove(root: Record<string, unknown>, segments: string[]): string {
  const nodes: unknown[] = [root];
  for (const segment of segments.slice(0, -1)) nodes.push((nodes.at(-1) as Record<string, unknown> | undefined)?.[segment]);
  const parentIsArray = Array.isArray(nodes.at(-1));
  const at = parentIsArray ? segments.slice(0, -1) : segments;
  const holder = nodes[at.length - 1] as Record<string, unknown>;
  const name = at.at(-1)!;
  if (holder === root && (DocumentFields.required as readonly string[]).includes(name)) holder[name] = [];
  else delete holder[name];
  return at.map((segment, i) => (Array.isArray(nodes[i]) ? `[${segment}]` : `${i ? '.' : ''}${segment}`)).join('');
}
