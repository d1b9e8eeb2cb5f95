#!/usr/bin/env node
// Native Tesseract 5 from Debian's packages, with every language the service reads: the configured
// set (LEDGERLENS_OCR_LANGUAGES, else eng+deu+est), each language tesseract.js has an npm model for
// (so a hint in one of them is read natively too, not sent to the weaker engine), and Russian, which
// only native Tesseract has. Without it the service reads with tesseract.js, markedly worse on
// receipts and photos (docs/ocr-engines.md).
//
//   npm run setup:ocr               Debian/Ubuntu, as root: install, or fail saying why
//   npm run setup:ocr -- --dry-run  only say what it would install
//   --if-possible                   what `npm ci` runs (prepare): install where it can (root, apt-get);
//                                   elsewhere, or when apt-get fails, say so and leave the install as it
//                                   is, never failing it. LEDGERLENS_SKIP_OCR_SETUP=1 skips it.
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

const ifPossible = process.argv.includes('--if-possible');
const dryRun = process.argv.includes('--dry-run');
/** --if-possible ends here without failing the install it is part of. */
function cannot(reason) {
  console.log(`setup:ocr: ${reason}; the service will read images with tesseract.js, the weaker engine (it says so at start-up). As root on Debian/Ubuntu: npm run setup:ocr`);
  process.exit(0);
}
if (ifPossible && process.env.LEDGERLENS_SKIP_OCR_SETUP === '1') process.exit(0);

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
const lacking = async () => {
  const native = await probeNativeTesseract();
  return { native, missing: languages.filter((code) => !native?.languages.includes(code)) };
};

if (ifPossible) {
  if (!(await lacking()).missing.length) process.exit(0);
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) cannot('native Tesseract is not (fully) installed and this is no root shell with apt-get');
}
console.log(`setup:ocr: native Tesseract for ${languages.join(', ')} (configured: ${configured.join('+')})`);
console.log(`setup:ocr: apt-get install ${packages.join(' ')}`);
if (dryRun) process.exit(0);

const aptGet = (args) => execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const install = ['install', '-y', '--no-install-recommends', ...packages];
try {
  try {
    aptGet(install);
  } catch {
    // A fresh machine may have no package lists yet.
    aptGet(['update']);
    aptGet(install);
  }
} catch (error) {
  if (ifPossible) cannot(`apt-get failed (${error.message.split('\n')[0]})`);
  throw error;
}

const { native, missing } = await lacking();
if (!native || missing.length) {
  if (ifPossible) cannot(`native Tesseract ${native ? `still lacks ${missing.join(', ')}` : 'does not run'} after apt-get`);
  console.error(`setup:ocr: native Tesseract ${native ? `still lacks ${missing.join(', ')}` : 'does not run'} after apt-get`);
  process.exit(1);
}
console.log(`setup:ocr: native Tesseract ${native.version} reads ${native.languages.join(', ')}`);
