// Every labelled value a prediction holds, one by one, with its confidence and review mark and whether
// it is right. The shared scorer (../shared/eval/score.mjs) counts the same values but reports sums; the
// reliability table and the fitting of confidence need them singly. The matching below follows the
// scorer's rules (its header lists them); `matchesScorer` checks the counts against its report, so a
// drift shows in every `npm run eval`.
import { distance } from 'fastest-levenshtein';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const IDENT = new Set(['document_number', 'registry_code', 'vat_id', 'iban', 'swift_bic', 'account_number',
  'postal_code', 'code', 'ean', 'card_number', 'card_last4', 'auth_code', 'reference', 'receipt_number']);
const CODE = new Set(['currency', 'country', 'method', 'unit']);
const DATE = new Set(['issue_date', 'due_date']);
const SKIP = new Set(['_source', '_notes']);

/**
 * `docs`: labelledDocuments() of a set; `pred`: the folder its predictions were written to. Returns one
 * row per labelled value: `{ doc, documentConfidence, path, at, predicted, correct, status, confidence, marked }`, where `path` is
 * the field's pattern (line_items[].total) and `at` its place in the prediction (line_items[2].total).
 */
export function labelledValues(docs, pred) {
  return docs.flatMap((doc) => documentValues(doc, readPrediction(pred, doc)));
}

/** The rows of one document and its prediction (a Document or an extraction outcome, or null). */
export function documentValues(doc, whole) {
  // As the scorer: review honesty counts only predictions that are whole Documents.
  if (typeof whole?.extraction !== 'object' || !whole.extraction || (typeof whole.field_status !== 'object' && !Array.isArray(whole.review_fields))) return [];
  const rows = [];
  const marks = reviewMarks(whole);
  const add = (row) => rows.push({ doc: `${doc.set}/${doc.folder}/${doc.name}`, kind: doc.label?._source?.kind ?? null, documentConfidence: whole.confidence ?? null, ...row, status: whole.field_status?.[row.at]?.status ?? null, confidence: whole.field_confidence?.[row.at] ?? null, marked: isMarked(marks, row.at) });
  compareObject(doc.label, whole.extraction, '', '', add);
  return rows;
}

/** Do the rows count what the scorer's report counted (wrong, correct and missing values)? */
export function matchesScorer(rows, honesty) {
  const wrong = rows.filter((r) => r.predicted && !r.correct).length;
  const correct = rows.filter((r) => r.correct).length;
  const missing = rows.filter((r) => !r.predicted).length;
  return wrong === honesty.wrong && correct === honesty.correct && missing === honesty.missing;
}

/** A document's prediction where the scorer looks (PRED/<folder>/<name>.json, else PRED/<name>.json), a Document unwrapped from `data`; null when there is none. */
export function readPrediction(pred, doc) {
  const path = [join(pred, doc.folder, `${doc.name}.json`), join(pred, `${doc.name}.json`)].find((p) => existsSync(p));
  if (!path) return null;
  const v = JSON.parse(readFileSync(path, 'utf8'));
  return v?.data?.extraction ? v.data : v;
}

function reviewMarks(whole) {
  const marked = new Set(Array.isArray(whole.review_fields) ? whole.review_fields : []);
  for (const [k, v] of Object.entries(whole.field_status ?? {})) if (v?.review === true) marked.add(k);
  return marked;
}

// Marked when its own path or an enclosing object or array is.
function isMarked(marks, at) {
  for (let p = at; p; p = p.replace(/(\.[^.[\]]+|\[[^\]]*\])$/u, '')) {
    if (marks.has(p)) return true;
    if (!/[.[]/u.test(p)) break;
  }
  return false;
}

function compareObject(gold, pred, prefix, at, add) {
  for (const [key, g] of Object.entries(gold)) {
    if (SKIP.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const here = at ? `${at}.${key}` : key;
    const p = pred && typeof pred === 'object' ? pred[key] : undefined;
    if (Array.isArray(g)) compareArray(key, g, Array.isArray(p) ? p : [], path, here, add);
    else if (g !== null && typeof g === 'object') compareObject(g, p && typeof p === 'object' ? p : {}, path, here, add);
    else if (g !== null) {
      const predicted = p !== undefined && p !== null && p !== '';
      add({ path, at: here, predicted, correct: predicted && same(key, g, p) });
    }
  }
}

function compareArray(key, gold, pred, path, at, add) {
  const pairs = pairItems(key, gold, pred);
  gold.forEach((g, i) => {
    const j = pairs.get(i);
    compareObject(g, j !== undefined ? pred[j] : {}, `${path}[]`, j !== undefined ? `${at}[${j}]` : `${at}[?]`, add);
  });
}

function pairItems(key, gold, pred) {
  const score = (g, p) => {
    if (key === 'vat_rates') return num(g.rate) !== null && same('rate', g.rate, p.rate) ? 1 : 0;
    if (key === 'banks') return g.iban && same('iban', g.iban, p.iban) ? 1 : g.name && p.name ? similarity(g.name, p.name) * 0.5 : 0;
    let s = 0;
    if (g.description && p.description) s += similarity(g.description, p.description);
    if (g.total != null && same('total', g.total, p.total)) s += 0.5;
    if (g.subtotal != null && same('subtotal', g.subtotal, p.subtotal)) s += 0.5;
    return s;
  };
  const candidates = [];
  gold.forEach((g, i) => pred.forEach((p, j) => {
    if (p && typeof p === 'object') {
      const s = score(g, p) - Math.abs(i - j) * 1e-3;
      if (s > 0.4) candidates.push([s, i, j]);
    }
  }));
  candidates.sort((a, b) => b[0] - a[0]);
  const pairs = new Map();
  const taken = new Set();
  for (const [, i, j] of candidates) {
    if (pairs.has(i) || taken.has(j)) continue;
    pairs.set(i, j);
    taken.add(j);
  }
  return pairs;
}

function same(key, g, p) {
  if (p === undefined || p === null) return false;
  if (typeof g === 'number') {
    const a = num(g);
    const b = num(p);
    return a !== null && b !== null && Math.abs(a - b) <= Math.max(0.005, Math.abs(a) * 1e-6);
  }
  if (typeof g === 'boolean') return g === p;
  const gs = String(g);
  const ps = String(p);
  if (DATE.has(key)) return gs.trim() === ps.trim();
  if (CODE.has(key)) return gs.trim().toLowerCase() === ps.trim().toLowerCase();
  if (IDENT.has(key)) return ident(gs) === ident(ps);
  return similarity(gs, ps) >= 0.85;
}

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ident = (s) => s.normalize('NFKC').replace(/[\s.\-_/]/gu, '').toLowerCase();
const fold = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function similarity(a, b) {
  const x = fold(String(a));
  const y = fold(String(b));
  if (!x && !y) return 1;
  return 1 - distance(x, y) / Math.max(x.length, y.length);
}

