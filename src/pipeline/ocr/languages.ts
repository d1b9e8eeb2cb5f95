// Which Tesseract languages a page is read with: a default set (LEDGERLENS_OCR_LANGUAGES, or the
// measured default below) plus the languages the caller names, minus those the engine lacks.
// Every extra language costs time on every page (docs/ocr-engines.md), so the default stays small
// and the set is capped.

/**
 * docs/ocr-engines.md: English alone loses õ ü š, and every language is paid for on every page
 * (a receipt took 0.84 s with eng, 1.92 s with these three, 2.43 s with six).
 */
export const DEFAULT_LANGUAGES: readonly string[] = ['eng', 'deu', 'est'];

/** More languages than this and a page takes several times as long; the caller's come first. */
export const MAX_LANGUAGES = 6;

const ENV_LANGUAGES = 'LEDGERLENS_OCR_LANGUAGES';

/** Client hints carry ISO 639-1; Tesseract names its models by ISO 639-2/T (plus script variants). */
const FROM_ISO_639_1: Readonly<Record<string, string>> = {
  en: 'eng', et: 'est', de: 'deu', fi: 'fin', lv: 'lav', lt: 'lit', ru: 'rus', fr: 'fra', sv: 'swe',
  pl: 'pol', es: 'spa', nl: 'nld', it: 'ita', pt: 'por', da: 'dan', no: 'nor', nb: 'nor', cs: 'ces',
  sk: 'slk', hu: 'hun', uk: 'ukr', ro: 'ron', hr: 'hrv', sl: 'slv', bg: 'bul', el: 'ell', tr: 'tur',
};

const TESSERACT_CODE = /^[a-z]{3}(?:_[a-z]{3,4})?$/;

export interface LanguagePlan {
  /** In the order Tesseract should try them, all available to the engine; never empty. */
  languages: string[];
  warnings: string[];
}

/** Accepts "est", "et" or "ET"; anything else is undefined (so no odd string reaches a command line). */
export function toTesseractCode(code: string): string | undefined {
  const lower = code.trim().toLowerCase();
  if (TESSERACT_CODE.test(lower)) return lower;
  return FROM_ISO_639_1[lower];
}

/** The default set; a malformed LEDGERLENS_OCR_LANGUAGES is a configuration error, named as such. */
export function defaultLanguages(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env[ENV_LANGUAGES]?.trim();
  return raw ? parseLanguageList(ENV_LANGUAGES, raw) : [...DEFAULT_LANGUAGES];
}

/** "eng+deu+est" (or ISO 639-1, or comma/space separated) → Tesseract codes; anything else names the variable. */
export function parseLanguageList(variable: string, raw: string): string[] {
  const codes = raw.split(/[+,\s]+/).filter(Boolean);
  const parsed = codes.map((code) => toTesseractCode(code));
  const bad = codes.filter((_, i) => parsed[i] === undefined);
  if (bad.length || parsed.length === 0) {
    throw new Error(`${variable}="${raw}": expected Tesseract language codes joined by "+", such as "eng+deu+est"; not understood: ${bad.join(', ')}`);
  }
  return unique(parsed.filter((c): c is string => c !== undefined));
}

/** The caller's languages in front of the default set, before any engine is asked: what the page needs. */
export function wantedLanguages(requested: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): { languages: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const wanted: string[] = [];
  for (const code of requested ?? []) {
    const tess = toTesseractCode(code);
    if (tess) wanted.push(tess);
    else warnings.push(`ocr_language_unknown: "${code.slice(0, 20)}" is not a language code OCR knows; it was ignored`);
  }
  wanted.push(...defaultLanguages(env));
  return { languages: unique(wanted), warnings };
}

export function planLanguages(requested: readonly string[] | undefined, available: readonly string[], engineName: string, env: NodeJS.ProcessEnv = process.env): LanguagePlan {
  const { languages: wanted, warnings } = wantedLanguages(requested, env);
  const missing = wanted.filter((code) => !available.includes(code));
  if (missing.length) {
    warnings.push(`ocr_language_unavailable: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed for ${engineName}; the page was read without ${missing.length === 1 ? 'it' : 'them'}`);
  }
  let languages = wanted.filter((code) => available.includes(code));
  if (languages.length > MAX_LANGUAGES) {
    warnings.push(`ocr_languages_capped: only the first ${MAX_LANGUAGES} of ${languages.length} languages were used (${languages.slice(MAX_LANGUAGES).join(', ')} left out)`);
    languages = languages.slice(0, MAX_LANGUAGES);
  }
  if (languages.length === 0) {
    // Latin-script text still mostly survives an English model; no model at all reads nothing.
    const fallback = available.includes('eng') ? 'eng' : available[0];
    if (!fallback) throw new Error(`${engineName} has no language data installed`);
    languages = [fallback];
  }
  return { languages, warnings };
}

/**
 * Models for print in scripts other than Latin, by Unicode script name, the most widely useful first:
 * a page whose Latin reading looks like such print is read again with one of them (read-page.ts).
 */
const SCRIPT_MODELS: Readonly<Record<string, readonly string[]>> = {
  Cyrillic: ['rus', 'ukr', 'bul', 'srp'],
  Greek: ['ell'],
};

/** One installed model for each script that none of `languages` reads. */
export function otherScriptModels(languages: readonly string[], available: readonly string[]): { script: string; model: string }[] {
  return Object.entries(SCRIPT_MODELS).flatMap(([script, models]) => {
    const model = models.find((code) => available.includes(code));
    return model && !models.some((code) => languages.includes(code)) ? [{ script, model }] : [];
  });
}

const unique = (codes: string[]) => [...new Set(codes)];
