// A person's value for one field of a Document (the review desk): where the path points in
// the DocumentFields schema, and whether the value is one that field may hold. The schema is the
// one source of what a field is (type, null allowed, a calendar date); identifiers whose printed
// form carries a checksum are checked by the engine's own normalizers, so a person cannot type an
// IBAN or VAT id the engine would have refused to read.
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { invalidRequest } from '../errors.js';
import { normalizeIban } from '../pipeline/fields/normalize/bank.js';
import { failsVatChecksum } from '../pipeline/fields/normalize/vat-id.js';
import { DocumentFields } from '../schemas/document-fields.schema.js';

interface SchemaNode {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** "vendor.name" → ["vendor", "name"]; "line_items[2].total" → ["line_items", 2, "total"]. */
export function parseFieldPath(path: string): (string | number)[] | null {
  if (!/^[a-z_0-9]+(?:\[\d{1,4}\])?(?:\.[a-z_0-9]+(?:\[\d{1,4}\])?)*$/u.test(path)) return null;
  return path.split('.').flatMap((part) => {
    const [, name, index] = /^([a-z_0-9]+)(?:\[(\d+)\])?$/u.exec(part)!;
    return index === undefined ? [name!] : [name!, Number(index)];
  });
}

/** The schema of the value at `segments`, when it is a single value (not an object or a list). */
function leafSchema(segments: readonly (string | number)[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = DocumentFields as unknown as SchemaNode;
  for (const segment of segments) {
    const inner: SchemaNode | undefined = node?.anyOf?.find((variant) => variant.type !== 'null') ?? node;
    node = typeof segment === 'number' ? (inner?.type === 'array' ? inner.items : undefined) : inner?.properties?.[segment];
    if (!node) return undefined;
  }
  const value = node?.anyOf?.find((variant) => variant.type !== 'null') ?? node;
  return value && (value.type === 'string' || value.type === 'number' || value.enum) ? node : undefined;
}

const checkers = new Map<SchemaNode, ReturnType<typeof Compile>>();

/**
 * The value to store for `path`, or a 400 naming what is wrong with it: an unknown path, a value of
 * the wrong type, a date that is not a calendar date, an IBAN or VAT id whose checksum fails.
 */
export function correctedValue(path: string, given: unknown): string | number | null {
  const segments = parseFieldPath(path);
  const schema = segments && leafSchema(segments);
  if (!schema) throw invalidRequest(`${path} is not a field a value can be given for`);
  const leaf = schema.anyOf?.find((variant) => variant.type !== 'null') ?? schema;
  const value = leaf.type === 'number' && typeof given === 'string' ? amountIn(path, given) : given;
  const format = leaf.format;
  if (format === 'date' && typeof value === 'string' && !isCalendarDate(value.trim())) throw invalidRequest(`${path} is a calendar date, written YYYY-MM-DD`);
  let checker = checkers.get(schema);
  if (!checker) checkers.set(schema, (checker = Compile(schema as unknown as TSchema)));
  if (!checker.Check(value)) throw invalidRequest(`${path}: ${checker.Errors(value)[0]?.message ?? 'not a value this field holds'}`);
  if (value === null || typeof value === 'number') return value as number | null;
  const text = (value as string).trim();
  const field = segments.at(-1);
  if (field === 'iban') {
    const iban = normalizeIban(text);
    if (!iban) throw invalidRequest(`${path} is not a valid IBAN: its checksum fails`);
    return iban;
  }
  // Without a country prefix jsvat tries every country's format; a local number (a Malaysian GST
  // number) would fail someone else's checksum.
  if (field === 'vat_id' && /^[A-Za-z]{2}/u.test(text) && failsVatChecksum(text)) {
    throw invalidRequest(`${path} is not a valid VAT id: its country's checksum fails`);
  }
  return text;
}

/** An amount as a person types it: "1234.50", "1234,50", "-12", spaces ignored. */
function amountIn(path: string, text: string): number {
  const compact = text.replace(/\s+/gu, '');
  if (!/^-?\d+(?:[.,]\d+)?$/u.test(compact)) throw invalidRequest(`${path} is a number, written like 1234.50`);
  return Number(compact.replace(',', '.'));
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}
