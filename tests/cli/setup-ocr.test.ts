// npm run setup:ocr installs a native Tesseract pack for every language the service reads, and says which.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// From dist/tests/cli to the repository's scripts folder.
const SCRIPT = fileURLToPath(new URL('../../../scripts/setup-ocr.mjs', import.meta.url));
const run = promisify(execFile);

test('setup:ocr --dry-run names the configured languages, the npm models and Russian, and their Debian packages', async () => {
  const { stdout } = await run(process.execPath, [SCRIPT, '--dry-run'], { env: { ...process.env, LEDGERLENS_OCR_LANGUAGES: 'eng+nl+chi_sim' } });
  const [languages, install] = stdout.trim().split('\n');
  assert.match(languages!, /^setup:ocr: native Tesseract for eng, nld, chi_sim, .*rus \(configured: eng\+nld\+chi_sim\)$/);
  const packages = install!.replace(/^setup:ocr: apt-get install /, '').split(' ');
  for (const pack of ['tesseract-ocr', 'tesseract-ocr-eng', 'tesseract-ocr-nld', 'tesseract-ocr-chi-sim', 'tesseract-ocr-deu', 'tesseract-ocr-est', 'tesseract-ocr-pol', 'tesseract-ocr-rus']) {
    assert.ok(packages.includes(pack), `${pack} in ${install}`);
  }
});
