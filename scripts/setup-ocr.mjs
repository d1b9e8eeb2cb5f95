#!/usr/bin/env node
// Optional: native Tesseract 5 from Debian's packages, with every language the service reads: the
// configured set (LEDGERLENS_OCR_LANGUAGES, else eng+deu+est), each language tesseract.js has an npm
// model for (so a hint in one of them is read natively too, not sent to the weaker engine), and
// Russian, which only native Tesseract has. Without it the service uses tesseract.js; see
// docs/ocr-engines.md. Debian/Ubuntu, as root: npm run setup:ocr   (--dry-run: only say what it would install)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ocr = join(root, 'dist/src/pipeline/ocr');
if (!existsSync(join(ocr, 'languages.js'))) {
  console.error('setup:ocr reads the service\'s language settings from dist/: run npm run build first');
  process.exit(1);
}
const { defaultLanguages } = await import(join(ocr, 'languages.js'));
const { debianPackage } = await import(join(ocr, 'engine-status.js'));
const { probeTesseractJs } = await import(join(ocr, 'tesseract-js.js'));
const { probeNativeTesseract } = await import(join(ocr, 'native-tesseract.js'));

const NATIVE_ONLY = ['rus'];
let configured;
try {
  configured = defaultLanguages();
} catch (error) {
  console.error(`setup:ocr: ${error.message}`);
  process.exit(1);
}
const npmModels = [...((await probeTesseractJs())?.models.keys() ?? [])];
const languages = [...new Set([...configured, ...npmModels, ...NATIVE_ONLY])];
const packages = ['tesseract-ocr', ...languages.map(debianPackage)];

console.log(`setup:ocr: native Tesseract for ${languages.join(', ')} (configured: ${configured.join('+')})`);
console.log(`setup:ocr: apt-get install ${packages.join(' ')}`);
if (process.argv.includes('--dry-run')) process.exit(0);

const aptGet = (args) => execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const install = ['install', '-y', '--no-install-recommends', ...packages];
try {
  aptGet(install);
} catch {
  // A fresh machine may have no package lists yet.
  aptGet(['update']);
  aptGet(install);
}

const native = await probeNativeTesseract();
const missing = languages.filter((code) => !native?.languages.includes(code));
if (!native || missing.length) {
  console.error(`setup:ocr: native Tesseract ${native ? `still lacks ${missing.join(', ')}` : 'does not run'} after apt-get`);
  process.exit(1);
}
console.log(`setup:ocr: native Tesseract ${native.version} reads ${native.languages.join(', ')}`);
