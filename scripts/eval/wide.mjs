// The wide corpus's measures (corpus/README.md): its documents as `npm run corpus` lays them out
// (.corpus/<split>/<family>/), scored family by family with the shared scorer, and summed into
// aggregate figures per family, kind, language and source, and overall. These figures are all the
// sealed split ever shows: no document's name, value or miss.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { combine, labelledDocuments, score } from './sets.mjs';
import { lineItemFigures } from './line-items.mjs';
import { reviewFigures } from './reliability.mjs';
import { documentValues, readPrediction } from './values.mjs';

/** The key fields the wide corpus reports one by one (the first five are the corpus's key fields). */
export const KEY_FIELDS = ['total', 'issue_date', 'document_number', 'vendor.name', 'vat_amount', 'customer.name', 'amount_due', 'currency'];
/** The key fields whose wrong-and-unmarked or missing-and-unlisted value makes a document untrustworthy as marked. */
const TRUST_FIELDS = ['total', 'vat_amount', 'issue_date', 'document_number', 'vendor.name', 'currency'];

/** The labelled documents of one split, each with its family and kind (from its folder's name). */
export function wideDocuments(dir, split) {
  return labelledDocuments(join(dir, split), split).map((doc) => {
    const [kind, language, source] = doc.folder.split('.');
    return { ...doc, family: doc.folder, kind, language, source, label: { ...doc.label, _source: { ...doc.label._source, kind } } };
  });
}

/**
 * Scores `docs` (wideDocuments) predicted under PRED/<family>/ and returns the aggregate rows: one per
 * group `{ group, name, docs, f1, precision, recall, keys, items, review, untrusted, straightThrough }`
 * for overall, each source, kind, language and family.
 */
export function wideFigures(scorer, gold, docs, pred, scratch) {
  mkdirSync(scratch, { recursive: true });
  const families = [...new Set(docs.map((d) => d.family))].sort();
  const parts = new Map(
    families.map((family) => {
      const inFamily = docs.filter((d) => d.family === family);
      const report = score(scorer, join(gold, family), join(pred, family), join(scratch, `${family}.score.json`)).figures;
      return [family, { docs: inFamily, pred: join(pred, family), report }];
    }),
  );
  const groups = [['all', () => 'all'], ['source', (d) => d.source], ['kind', (d) => d.kind], ['language', (d) => d.language], ['family', (d) => d.family]];
  const rows = [];
  for (const [group, keyOf] of groups) {
    const names = [...new Set(docs.map(keyOf))].sort();
    for (const name of names) {
      const inGroup = families.map((f) => parts.get(f)).map((p) => ({ ...p, docs: p.docs.filter((d) => keyOf(d) === name) })).filter((p) => p.docs.length);
      rows.push({ group, name, ...groupFigures(inGroup) });
    }
  }
  return rows;
}

function groupFigures(parts) {
  // f1 and line items come from the scorer's reports; a family split across groups (never: a family is
  // one kind, language and source) would need its own report.
  const complete = parts.filter((p) => p.docs.length === p.report.docs);
  const { docs, f1, precision, recall } = combine(complete.map((p) => p.report));
  const items = lineItemFigures(complete);
  const values = [];
  const keys = Object.fromEntries(KEY_FIELDS.map((k) => [k, { labelled: 0, right: 0 }]));
  let untrusted = 0;
  let straight = 0;
  for (const part of parts) {
    for (const doc of part.docs) {
      const predicted = readPrediction(part.pred, { ...doc, folder: '' });
      const rows = documentValues(doc, predicted);
      values.push(...rows);
      for (const k of KEY_FIELDS) {
        if (labelledValue(doc.label, k) === undefined) continue;
        keys[k].labelled++;
        if (rows.some((r) => r.path === k && r.correct)) keys[k].right++;
      }
      // A failed document (no prediction) is no silent error: the client is told it failed.
      if (rows.some((r) => TRUST_FIELDS.includes(r.path) && !r.correct && !r.marked)) untrusted++;
      const marks = predicted ? (predicted.review_fields?.length ?? 0) + Object.values(predicted.field_status ?? {}).filter((s) => s?.review).length : 1;
      if (predicted?.is_document && marks === 0) straight++;
    }
  }
  const n = parts.reduce((s, p) => s + p.docs.length, 0);
  return { docs: docs || n, f1, precision, recall, keys, items, review: reviewFigures(values), untrusted, straightThrough: straight, n };
}

function labelledValue(label, path) {
  const v = path.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), label);
  return v === null ? undefined : v;
}

/** reliabilityBins' tenths merged into fifths: `0.0–0.2: n 97, stated 0.129, right 0.237`. */
function fifths(tenths) {
  const out = [];
  for (let i = 0; i < tenths.length; i += 2) {
    const pair = tenths.slice(i, i + 2).filter((b) => b.n);
    const n = pair.reduce((s, b) => s + b.n, 0);
    const mean = (key) => (n ? (pair.reduce((s, b) => s + b[key] * b.n, 0) / n).toFixed(3) : '–');
    out.push(`${(i / tenths.length).toFixed(1)}–${((i + 2) / tenths.length).toFixed(1)}: n ${n}, stated ${mean('confidence')}, right ${mean('accuracy')}`);
  }
  return out;
}

/** The aggregate tables, as markdown lines. */
export function wideTables(title, rows) {
  const f = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
  const share = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '–');
  const out = [`\n## ${title}\n`];
  out.push(`| group | docs | f1 | ${KEY_FIELDS.join(' | ')} | items count exact | item description f1 | silent | wrong marked | right marked | key missing listed | untrusted docs | straight through |`);
  out.push(`|---|---:|---:|${KEY_FIELDS.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of rows) {
    const keys = KEY_FIELDS.map((k) => (r.keys[k].labelled ? `${f(r.keys[k].right / r.keys[k].labelled)} (${r.keys[k].labelled})` : '–'));
    const v = r.review;
    out.push(
      `| ${r.group === 'all' ? '**all**' : `${r.group}: ${r.name}`} | ${r.n} | ${f(r.f1)} | ${keys.join(' | ')} | ${r.items.docs ? `${f(r.items.countExact)} (${r.items.docs})` : '–'} | ${f(r.items.description)} | ${share(v.values * v.silent, v.values)} | ${v.wrongMarked}/${v.wrong} | ${share(v.correctMarked, v.correct)} | ${v.missingKey ? `${v.missingKeyListed}/${v.missingKey}` : '–'} | ${share(r.untrusted, r.n)} | ${share(r.straightThrough, r.n)} |`,
    );
  }
  const all = rows.find((r) => r.group === 'all');
  if (all) out.push(`\nConfidence against the share right, all values, per fifth of stated confidence: ${fifths(all.review.bins).join('; ')}.`);
  out.push('\nKey fields: share right of the documents whose label has the field (labelled count). Untrusted docs: a total, VAT amount, issue date, number, vendor name or currency wrong and not marked. Straight through: a document with nothing marked for review.');
  return out;
}
