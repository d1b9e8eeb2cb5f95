// Fonts the generator draws with. All cover Latin with Baltic/Polish letters and Cyrillic. Liberation
// Sans ships inside pdfjs-dist (always installed); the DejaVu families come from Debian's
// fonts-dejavu-core when present. Nothing is downloaded: a missing family is left out of the draw,
// which changes output, so the families found are recorded in every label's _source.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface FontFamily {
  name: string;
  regular: Uint8Array;
  bold: Uint8Array;
  monospace: boolean;
}

const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';

let cache: FontFamily[] | undefined;

export function fontFamilies(): FontFamily[] {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const liberationDir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  const candidates: [string, string, string, boolean][] = [
    ['LiberationSans', join(liberationDir, 'LiberationSans-Regular.ttf'), join(liberationDir, 'LiberationSans-Bold.ttf'), false],
    ['DejaVuSans', join(DEJAVU_DIR, 'DejaVuSans.ttf'), join(DEJAVU_DIR, 'DejaVuSans-Bold.ttf'), false],
    ['DejaVuSansCondensed', join(DEJAVU_DIR, 'DejaVuSansCondensed.ttf'), join(DEJAVU_DIR, 'DejaVuSansCondensed-Bold.ttf'), false],
    ['DejaVuSerif', join(DEJAVU_DIR, 'DejaVuSerif.ttf'), join(DEJAVU_DIR, 'DejaVuSerif-Bold.ttf'), false],
    ['DejaVuSansMono', join(DEJAVU_DIR, 'DejaVuSansMono.ttf'), join(DEJAVU_DIR, 'DejaVuSansMono-Bold.ttf'), true],
  ];
  cache = candidates
    .filter(([, regular, bold]) => existsSync(regular) && existsSync(bold))
    .map(([name, regular, bold, monospace]) => ({ name, regular: readFileSync(regular), bold: readFileSync(bold), monospace }));
  return cache;
}
