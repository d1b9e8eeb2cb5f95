// What the start-up log and /readyz say about OCR: the engines found, their languages, and the
// configured languages the preferred engine cannot read, so a partial install is named rather
// than heard about from a customer whose Polish invoice came back without its letters.
import type { EngineName, OcrEngine } from './engine.js';
import { engineFor, type OcrEngines } from './select-engine.js';

const ENGINE_LABEL: Record<EngineName, string> = { tesseract: 'native Tesseract', 'tesseract.js': 'tesseract.js', paddle: 'PaddleOCR (PP-OCRv4, onnxruntime)' };

export interface OcrEngineInfo {
  engine: EngineName;
  version: string;
  languages: string[];
}

export interface LanguageGap {
  language: string;
  /** The preferred engine (the only one when forced). */
  missing_from: EngineName;
  /** The engine pages are read by instead, which has it; null when none does and pages are read without it. */
  read_by: EngineName | null;
}

/** The top-level engine is the one that reads a page with the configured languages and no hint. */
export interface OcrStatus extends OcrEngineInfo {
  /** Every engine that can run, preferred first; a hint's language goes to the first that has it. */
  engines: OcrEngineInfo[];
  /** LEDGERLENS_OCR_LANGUAGES (or the default set): what every page is read with. */
  configured_languages: string[];
  language_gaps: LanguageGap[];
  /** The engine a till receipt's scan is read by (PP-OCR), when installed and no engine is forced. */
  receipts: OcrEngineInfo | null;
  /** The gaps in a sentence each, with the fix; empty when there are none. */
  warnings: string[];
}

export function describeEngines({ engines, forced, receipts }: OcrEngines, configured: readonly string[]): OcrStatus {
  const reader = engineFor(engines, configured);
  const preferred = engines[0]!;
  const gaps: LanguageGap[] = configured
    .filter((code) => !preferred.languages.includes(code))
    .map((code) => ({ language: code, missing_from: preferred.name, read_by: reader.languages.includes(code) ? reader.name : null }));
  return {
    ...info(reader),
    engines: engines.map(info),
    configured_languages: [...configured],
    language_gaps: gaps,
    receipts: receipts ? info(receipts) : null,
    warnings: [...weakerEngineWarning(engines, forced), ...gapWarnings(preferred, reader, gaps, forced)],
  };
}

/**
 * Without native Tesseract every page goes to tesseract.js, which read the corpus's phone photos
 * 0.667 against 0.860 and its receipt scans 0.834 against 0.858 (field f1, docs/ocr-engines.md): a
 * default install where `npm ci` could not install native Tesseract says so, rather than reading
 * worse unannounced. A forced engine is the operator's choice and goes unremarked.
 */
function weakerEngineWarning(engines: readonly OcrEngine[], forced: EngineName | undefined): string[] {
  if (forced || engines.some((engine) => engine.name === 'tesseract')) return [];
  return ['native Tesseract is not installed, so images and scanned pages are read by tesseract.js, the weaker engine (markedly worse on receipts and phone photos); npm run setup:ocr (root, Debian/Ubuntu) installs it with every configured language'];
}

function gapWarnings(preferred: OcrEngine, reader: OcrEngine, gaps: readonly LanguageGap[], forced: EngineName | undefined): string[] {
  const warnings: string[] = [];
  const covered = gaps.filter((gap) => gap.read_by !== null).map((gap) => gap.language);
  const unread = gaps.filter((gap) => gap.read_by === null).map((gap) => gap.language);
  const fix = (codes: string[]) => `native Tesseract reads ${codes.length === 1 ? 'it' : 'them'} with ${codes.map(debianPackage).join(' ')} (npm run setup:ocr installs every configured language)`;
  if (covered.length) {
    warnings.push(`${ENGINE_LABEL[preferred.name]} lacks ${covered.join(', ')} of the configured OCR languages, so pages are read by ${ENGINE_LABEL[reader.name]} instead; ${fix(covered)}`);
  }
  if (unread.length) {
    const forcedBy = forced ? ` (forced by LEDGERLENS_OCR_ENGINE)` : '';
    warnings.push(`${ENGINE_LABEL[reader.name]}${forcedBy} reads pages without ${unread.join(', ')} of the configured OCR languages; ${fix(unread)}`);
  }
  return warnings;
}

/** Debian names Tesseract's packs tesseract-ocr-<code>, with "-" for the script's "_" (chi_sim → chi-sim). */
export const debianPackage = (code: string) => `tesseract-ocr-${code.replace('_', '-')}`;

const info = (engine: OcrEngine): OcrEngineInfo => ({ engine: engine.name, version: engine.version, languages: [...engine.languages] });
