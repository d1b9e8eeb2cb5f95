#!/usr/bin/env node
// `npm run corpus`: the wide corpus of third-party documents (corpus/README.md). The repository holds
// its manifest and labels only; the documents come out of fetched snapshots of the public repositories
// the manifest names.
//
//   npm run corpus -- [--mirrors DIR] [--out .corpus] [--split open|sealed|all]
//        materializes the documents into OUT/<split>/<family>/<name>.<ext> beside their labels and
//        checks every file's sha256 (DIR: the fetched snapshots, one <owner>+<name>/ folder each)
//   npm run corpus -- --add DIR [--mirrors DIR]
//        takes collected documents (DIR/*.jsonl entries, DIR/labels/<name>.expected.json) into the
//        manifest: each entry and label checked, the file checked in its snapshot, duplicates refused,
//        new vendors split by the manifest's seed, labels copied to corpus/labels/<split>/. An entry
//        the manifest already holds (same name and file) has its label replaced by DIR's when a
//        second reader changed it. --dry-run: every check and the split's counts, nothing written.
//   npm run corpus -- --remove NAME[,NAME…] --why "…"
//        takes documents out of the manifest (a copy of a hidden source found late, a document that
//        should not have been taken), their labels with them; the manifest records what left and why
//   npm run corpus -- --stats
//        the manifest's counts against the corpus's floors
//
// Sealed labels are never printed: a problem with one is counted, not shown.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { entryProblems, familyOf, hiddenSources, labelPath, readManifest } from './corpus/manifest.mjs';
import { labelProblems, labelWarnings } from './corpus/labels.mjs';
import { blobAt, materialize, mirrorOf, sha256 } from './corpus/materialize.mjs';
import { assignSplit, vendorGroup } from './corpus/split.mjs';
import { corpusStats, printStats } from './corpus/stats.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: join(root, 'corpus') },
    shared: { type: 'string', default: resolve(root, '../shared/corpus') },
    mirrors: { type: 'string', default: resolve(root, '../.mirror') },
    out: { type: 'string', default: join(root, '.corpus') },
    split: { type: 'string', default: 'all' },
    add: { type: 'string' },
    stats: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    remove: { type: 'string' },
    why: { type: 'string' },
  },
});
const corpusDir = resolve(values.corpus);
const manifest = readManifest(corpusDir);

if (values.remove) removeDocuments(values.remove.split(',').map((n) => n.trim()), values.why);
else if (values.add) addCollected(resolve(values.add));
else if (values.stats) printStats(corpusStats(manifest.documents));
else materializeAll();

function materializeAll() {
  if (!['open', 'sealed', 'all'].includes(values.split)) fail('--split is open, sealed or all');
  const docs = manifest.documents.filter((d) => values.split === 'all' || d.split === values.split);
  const r = materialize(docs, { corpusDir, mirrors: resolve(values.mirrors), out: resolve(values.out) });
  console.log(`corpus: ${r.written} of ${docs.length} documents written to ${resolve(values.out)}`);
  if (r.missingMirror.size) console.log(`corpus: no snapshot of ${r.missingMirror.size} repositories under ${values.mirrors} (fetch them): ${[...r.missingMirror].sort().join(', ')}`);
  if (r.missingBlob.length) console.log(`corpus: ${r.missingBlob.length} files not at their commit in the snapshot: ${r.missingBlob.join(', ')}`);
  if (r.badHash.length) console.log(`corpus: ${r.badHash.length} files whose sha256 differs from the manifest's: ${r.badHash.join(', ')}`);
  if (r.noLabel.length) console.log(`corpus: ${r.noLabel.length} entries without a label: ${r.noLabel.join(', ')}`);
  if (r.written !== docs.length) process.exitCode = 1;
}

/** Takes DIR's collected entries into the manifest (see the header). */
function addCollected(dir) {
  const hidden = hiddenSources(resolve(values.shared));
  const known = new Set(manifest.documents.map((d) => d.sha256));
  const names = new Set(manifest.documents.map((d) => d.name));
  const shared = sharedHashes(resolve(values.shared));
  const taken = [];
  const refused = [];
  const byName = new Map(manifest.documents.map((d) => [d.name, d]));
  let relabelled = 0;
  const entries = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().flatMap((f) =>
    readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim()).map((line, i) => {
      try {
        return JSON.parse(line);
      } catch {
        refused.push([`${f}:${i + 1}`, 'not JSON']);
        return null;
      }
    }),
  ).filter(Boolean);
  for (const entry of entries) {
    const held = byName.get(entry.name);
    if (held && held.sha256 === entry.sha256) {
      relabelled += replaceLabel(join(dir, 'labels', `${entry.name}.expected.json`), labelPath(corpusDir, held), refused, entry.name);
      continue;
    }
    const problems = entryProblems(entry, hidden);
    const label = join(dir, 'labels', `${entry.name}.expected.json`);
    if (!existsSync(label)) problems.push('no label');
    else {
      try {
        problems.push(...labelProblems(JSON.parse(readFileSync(label, 'utf8'))).map((p) => `label: ${p}`));
      } catch {
        problems.push('label is not JSON');
      }
    }
    if (names.has(entry.name)) problems.push('name already taken');
    const removed = manifest.removed?.find((r) => r.name === entry.name);
    if (removed) problems.push(`removed from the manifest on ${removed.date}: ${removed.why}`);
    if (known.has(entry.sha256)) problems.push('the same file is already in the manifest');
    if (shared.has(entry.sha256)) problems.push('the same file is in ../shared/corpus');
    if (!problems.length) {
      const gitDir = mirrorOf(resolve(values.mirrors), entry.repo);
      const bytes = gitDir && blobAt(gitDir, entry.commit, entry.path);
      if (!bytes) problems.push(`not found at ${entry.repo}@${entry.commit.slice(0, 8)}:${entry.path}`);
      else if (sha256(bytes) !== entry.sha256) problems.push('sha256 differs from the file in the snapshot');
    }
    if (problems.length) {
      refused.push([entry.name ?? '?', problems.join('; ')]);
      continue;
    }
    const { name, repo, commit, path, sha256: hash, licence, language, country, kind, medium, vendor } = entry;
    taken.push({ name, repo, commit, path, sha256: hash, licence, language, country: country ?? null, kind, medium, vendor: vendor.trim(), ...(entry.group ? { group: entry.group } : {}), template: entry.template === true, einvoice: entry.einvoice === true });
    names.add(name);
    known.add(hash);
  }
  const seed = manifest.split?.seed ?? '20261128';
  const placed = assignSplit([...manifest.documents, ...taken], { seed, share: manifest.split?.share ?? 0.3 });
  let warnedSealed = 0;
  const dry = values['dry-run'];
  for (const doc of placed.slice(manifest.documents.length)) {
    const from = join(dir, 'labels', `${doc.name}.expected.json`);
    const warnings = labelWarnings(JSON.parse(readFileSync(from, 'utf8')));
    if (warnings.length && doc.split === 'open') console.log(`corpus: ${doc.name}: ${warnings.join('; ')}`);
    else if (warnings.length) warnedSealed++;
    if (dry) continue;
    const to = labelPath(corpusDir, doc);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  const next = {
    split: manifest.split ?? { seed, share: 0.3, by: 'vendor, within each family', history: [{ date: today(), seed, change: 'first split' }] },
    documents: placed.map(({ family, ...d }) => ({ ...d, family })).sort((a, b) => a.name.localeCompare(b.name)),
    ...(manifest.removed ? { removed: manifest.removed } : {}),
  };
  if (!dry) writeFileSync(join(corpusDir, 'manifest.json'), `${JSON.stringify(next, null, 1)}\n`);
  for (const [name, why] of refused) console.log(`corpus: refused ${name}: ${why}`);
  const sealedNew = taken.length ? placed.slice(manifest.documents.length).filter((d) => d.split === 'sealed').length : 0;
  console.log(`corpus: ${taken.length} documents ${dry ? 'would be added' : 'added'} (${sealedNew} sealed), ${refused.length} refused; sealed labels with sums that do not close: ${warnedSealed}; the manifest holds ${next.documents.length}`);
  if (relabelled) console.log(`corpus: ${relabelled} labels of documents already in the manifest replaced by their revised version`);
  console.log(`corpus: ${new Set(next.documents.map((d) => vendorGroup(d.vendor))).size} vendors, ${new Set(next.documents.map(familyOf)).size} families`);
}

/** Puts a revised label in place of the one the manifest's document has; 1 when it did. */
function replaceLabel(from, to, refused, name) {
  if (!existsSync(from)) return 0;
  const revised = readFileSync(from, 'utf8');
  if (existsSync(to) && readFileSync(to, 'utf8') === revised) return 0;
  let problems;
  try {
    problems = labelProblems(JSON.parse(revised));
  } catch {
    problems = ['not JSON'];
  }
  if (problems.length) {
    refused.push([name, `revised label: ${problems.join('; ')}`]);
    return 0;
  }
  if (!values['dry-run']) writeFileSync(to, revised);
  return 1;
}

function removeDocuments(names, why) {
  if (!why) fail('--remove needs --why "the reason"');
  const unknown = names.filter((n) => !manifest.documents.some((d) => d.name === n));
  if (unknown.length) fail(`not in the manifest: ${unknown.join(', ')}`);
  for (const doc of manifest.documents.filter((d) => names.includes(d.name))) rmSync(labelPath(corpusDir, doc), { force: true });
  const removed = [...(manifest.removed ?? []), ...names.map((name) => ({ name, date: today(), why }))];
  const next = { ...manifest, documents: manifest.documents.filter((d) => !names.includes(d.name)), removed };
  writeFileSync(join(corpusDir, 'manifest.json'), `${JSON.stringify(next, null, 1)}\n`);
  console.log(`corpus: ${names.length} documents removed; the manifest holds ${next.documents.length}`);
}

function sharedHashes(dir) {
  const hashes = new Set();
  const walk = (d) => {
    for (const f of existsSync(d) ? readdirSync(d, { withFileTypes: true }) : []) {
      if (f.isDirectory()) walk(join(d, f.name));
      else if (!f.name.endsWith('.json') && !f.name.endsWith('.md')) hashes.add(sha256(readFileSync(join(d, f.name))));
    }
  };
  walk(dir);
  return hashes;
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

function fail(message) {
  console.error(`corpus: ${message}`);
  process.exit(2);
}
