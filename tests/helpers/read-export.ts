// Reading exported files back as an importer would: CSV by RFC 4180 (any separator), a zip's
// entries, and the EN 16931 schematron verdict on a UBL file.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

/** Rows of cells; quoted cells may hold the separator, doubled quotes and line breaks. */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) row.push(cell), (cell = '');
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell), rows.push(row), (row = []), (cell = '');
    } else cell += char;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** Header name → cell, one record per data row. */
export function csvRecords(text: string, separator = ','): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\ufeff/u, ''), separator);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

/** The entries of a zip, read through its central directory. */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface FailedAssertion {
  id: string;
  flag: string;
  text: string;
}

export interface Schematron {
  /** The failed assertions of every rule set, fatal and warnings. */
  check(xml: string): FailedAssertion[];
}

/** The compiled rule sets the UBL tests run (tests/fixtures/schematron/README.md). */
export const SCHEMATRON_FILES = ['EN16931-UBL-validation.sef.json', 'PEPPOL-EN16931-UBL.sef.json'] as const;

/**
 * The EN 16931 and Peppol BIS 3.0 schematron, run by SaxonJS: a validator, or why there is none
 * here (SaxonJS not installed, the compiled rule sets not in LEDGERLENS_SCHEMATRON_DIR or
 * tests/fixtures/schematron). With LEDGERLENS_REQUIRE_SCHEMATRON=1 a missing one fails instead.
 */
export async function loadSchematron(): Promise<Schematron | string> {
  const dir = process.env.LEDGERLENS_SCHEMATRON_DIR ?? fixturesDir();
  const missing = SCHEMATRON_FILES.filter((file) => !dir || !existsSync(join(dir, file)));
  let why: string | null = missing.length ? `no ${missing.join(', ')} in ${dir ?? 'tests/fixtures/schematron'} (tests/fixtures/schematron/README.md)` : null;
  let saxon: SaxonJS | null = null;
  if (!why) {
    try {
      // Imported by a name in a variable: SaxonJS is needed by this check alone and has no types.
      // LEDGERLENS_SAXON_JS points at a copy installed elsewhere (an absolute path to its main file).
      const name = process.env.LEDGERLENS_SAXON_JS ?? 'saxon-js';
      saxon = ((await import(name)) as { default: SaxonJS }).default;
    } catch {
      why = 'saxon-js is not installed';
    }
  }
  if (why || !saxon) {
    if (process.env.LEDGERLENS_REQUIRE_SCHEMATRON === '1') throw new Error(`schematron required: ${why}`);
    return why ?? 'saxon-js is not installed';
  }
  const engine = saxon;
  return {
    check(xml) {
      return SCHEMATRON_FILES.flatMap((file) => {
        const report = engine.transform({ stylesheetFileName: join(dir!, file), sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
        return [...report.matchAll(/<svrl:failed-assert\b([^>]*)>[\s\S]*?<svrl:text>([\s\S]*?)<\/svrl:text>/gu)].map((m) => ({
          id: /\bid="([^"]+)"/u.exec(m[1]!)?.[1] ?? '?',
          flag: /\bflag="([^"]+)"/u.exec(m[1]!)?.[1] ?? 'fatal',
          text: m[2]!.trim(),
        }));
      });
    },
  };
}

interface SaxonJS {
  transform(options: object, mode: 'sync'): { principalResult: string };
}

function fixturesDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'tests', 'fixtures', 'schematron');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
