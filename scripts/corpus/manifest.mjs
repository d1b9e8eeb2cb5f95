// The wide corpus's manifest (corpus/manifest.json): one entry per third-party document, naming the
// public repository, commit and path it is materialized from, its hash, licence, language, kind,
// medium, vendor and split. The documents themselves never enter this repository.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const KINDS = ['invoice', 'receipt', 'bill', 'credit_note'];
export const MEDIA = ['text_pdf', 'scan', 'photo'];
export const SPLITS = ['open', 'sealed'];
// The service reads Latin and Cyrillic scripts (its OCR packs and lexicons); a document printed mainly
// in another script measures a reader the product does not claim to be.
const OTHER_SCRIPTS = new Set(['ja', 'zh', 'ko', 'th', 'ar', 'he', 'fa', 'ur', 'hi', 'bn', 'ta', 'te', 'ml', 'kn', 'gu', 'pa', 'mr', 'ne', 'si', 'my', 'km', 'lo', 'ka', 'hy', 'am', 'el']);
const REQUIRED = ['name', 'repo', 'commit', 'path', 'sha256', 'licence', 'language', 'kind', 'medium', 'vendor'];

/** corpus/manifest.json, or an empty manifest where there is none yet. */
export function readManifest(corpusDir) {
  const file = join(corpusDir, 'manifest.json');
  if (!existsSync(file)) return { split: null, documents: [] };
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * A family is what the measures group by: kind × language × source, where the source is how the
 * document reaches the service (an e-invoice with its XML, a text PDF, a scan, a photo).
 */
export function familyOf(doc) {
  return `${doc.kind}.${doc.language}.${doc.einvoice ? 'einvoice' : doc.medium}`;
}

/** Where a document's label lives: corpus/labels/<split>/<name>.expected.json. */
export function labelPath(corpusDir, doc, split = doc.split) {
  return join(corpusDir, 'labels', split, `${doc.name}.expected.json`);
}

/** The file's extension as the service sees it, from the path in its repository. */
export function extensionOf(doc) {
  const m = /\.([a-z0-9]+)$/iu.exec(doc.path);
  return m ? m[1].toLowerCase() : 'bin';
}

/** What is wrong with one manifest entry (an empty list when nothing is). */
export function entryProblems(doc, hidden) {
  const problems = [];
  for (const key of REQUIRED) if (typeof doc[key] !== 'string' || !doc[key].trim()) problems.push(`${key} missing`);
  if (typeof doc.name === 'string' && !/^[a-z0-9_]+$/u.test(doc.name)) problems.push('name is not [a-z0-9_]');
  if (typeof doc.commit === 'string' && !/^[0-9a-f]{40}$/u.test(doc.commit)) problems.push('commit is not 40 hex digits');
  if (typeof doc.sha256 === 'string' && !/^[0-9a-f]{64}$/u.test(doc.sha256)) problems.push('sha256 is not 64 hex digits');
  if (typeof doc.language === 'string' && !/^[a-z]{2}$/u.test(doc.language)) problems.push('language is not ISO 639-1');
  if (OTHER_SCRIPTS.has(doc.language)) problems.push(`language ${doc.language}: a script the service does not read`);
  if (doc.kind && !KINDS.includes(doc.kind)) problems.push(`kind is not one of ${KINDS.join(', ')}`);
  if (doc.medium && !MEDIA.includes(doc.medium)) problems.push(`medium is not one of ${MEDIA.join(', ')}`);
  if (doc.split !== undefined && !SPLITS.includes(doc.split)) problems.push(`split is not one of ${SPLITS.join(', ')}`);
  if (typeof doc.repo === 'string' && hidden.has(doc.repo.toLowerCase())) problems.push(`${doc.repo} is a hidden source`);
  return problems;
}

/** The repositories ../shared/corpus/HIDDEN-SOURCES.md lists, lower-cased (owner/name). */
export function hiddenSources(sharedCorpus) {
  const file = join(sharedCorpus, 'HIDDEN-SOURCES.md');
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/^- ([\w.-]+\/[\w.-]+)\s*$/gmu)].map((m) => m[1].toLowerCase()));
}
