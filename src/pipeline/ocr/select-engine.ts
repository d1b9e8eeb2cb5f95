// Picks the OCR engine once per thread: native Tesseract when it can be run (better on noisy scans
// and diacritics, has Russian and orientation detection; docs/ocr-engines.md), else tesseract.js.
import type { OcrEngine } from './engine.js';
import { nativeTesseract, probeNativeTesseract } from './native-tesseract.js';
import { probeTesseractJs, tesseractJs } from './tesseract-js.js';

const ENV_ENGINE = 'LEDGERLENS_OCR_ENGINE';

let selected: Promise<OcrEngine> | undefined;

export function ocrEngine(env: NodeJS.ProcessEnv = process.env): Promise<OcrEngine> {
  if (!selected) {
    const probing = selectEngine(env);
    // A failed probe is not kept: the next document may find the engine installed since.
    probing.catch(() => {
      if (selected === probing) selected = undefined;
    });
    selected = probing;
  }
  return selected;
}

async function selectEngine(env: NodeJS.ProcessEnv): Promise<OcrEngine> {
  const forced = env[ENV_ENGINE]?.trim() || undefined;
  if (forced !== undefined && forced !== 'tesseract' && forced !== 'tesseract.js') {
    throw new Error(`${ENV_ENGINE}="${forced}": expected "tesseract" or "tesseract.js"`);
  }
  if (forced !== 'tesseract.js') {
    const native = await probeNativeTesseract();
    if (native && native.languages.length) return nativeTesseract(native);
    if (forced === 'tesseract') {
      throw new Error(`${ENV_ENGINE}=tesseract, but no tesseract binary with language data is on the PATH`);
    }
  }
  const js = await probeTesseractJs();
  if (js && js.models.size) return tesseractJs(js);
  throw new Error('no OCR engine: install tesseract-ocr with language packs, or the tesseract.js and @tesseract.js-data/<lang> packages');
}
