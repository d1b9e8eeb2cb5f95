// Storage is the bottom of the service: it may lean on configuration and the security helpers, never
// on the documents, pipeline or anything above them, and a migration leans on storage alone, so what
// an old migration does never changes with the code above it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// From dist/src/storage to the sources.
const SRC = fileURLToPath(new URL('../../../src', import.meta.url));
const STORAGE = join(SRC, 'storage');
const BELOW_STORAGE = ['config', 'security'];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
}

/** The folders under src/ that a file's relative imports reach ('storage' for its own). */
function importedFolders(file: string): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*from\s+'(\.[^']+)'/gmu)].map((m) => m[1]!);
  return specifiers.map((s) => relative(SRC, resolve(dirname(file), s)).split(/[\\/]/u)[0]!);
}

test('storage imports nothing above it', () => {
  const files = sources(STORAGE);
  assert.ok(files.length > 10, `storage sources found under ${STORAGE}`);
  for (const file of files) {
    for (const folder of importedFolders(file)) assert.ok(folder === 'storage' || BELOW_STORAGE.includes(folder), `${relative(SRC, file)} imports from src/${folder}`);
  }
});

test('migrations import from storage alone', () => {
  const files = sources(join(STORAGE, 'migrations'));
  assert.ok(files.length >= 10, 'the migrations are found');
  for (const file of files) {
    for (const folder of importedFolders(file)) assert.equal(folder, 'storage', `${relative(SRC, file)} imports from src/${folder}`);
  }
});
