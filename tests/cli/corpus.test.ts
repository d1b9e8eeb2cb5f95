// npm run corpus: collected documents enter the manifest only when their entry, label, snapshot and
// hash check out; the split keeps a vendor on one side; materializing writes each file beside its
// label and refuses bytes that differ from the manifest.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// From dist/tests/cli to the repository's scripts folder.
const SCRIPT = fileURLToPath(new URL('../../../scripts/corpus.mjs', import.meta.url));

interface Entry {
  name: string;
  repo: string;
  path: string;
  vendor: string;
  kind?: string;
  group?: string;
  label?: unknown;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' }).trim();
}

/** A fetched snapshot of `repo` holding `files` (path → content), as MIRRORS/<owner>+<name>/repo; returns its commit. */
function snapshot(mirrors: string, repo: string, files: Record<string, string>): string {
  const work = mkdtempSync(join(tmpdir(), 'corpus-src-'));
  git(work, 'init', '-q');
  for (const [path, content] of Object.entries(files)) writeFileSync(join(work, path), content);
  git(work, 'add', '.');
  git(work, 'commit', '-qm', 'documents');
  const bare = join(mirrors, repo.replace('/', '+'), 'repo');
  mkdirSync(join(mirrors, repo.replace('/', '+')), { recursive: true });
  git(work, 'clone', '-q', '--bare', work, bare);
  const commit = git(work, 'rev-parse', 'HEAD');
  rmSync(work, { recursive: true, force: true });
  return commit;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function collect(dir: string, entries: (Entry & { commit: string; content: string })[]): void {
  mkdirSync(join(dir, 'labels'), { recursive: true });
  const lines = entries.map((e) =>
    JSON.stringify({ name: e.name, repo: e.repo, commit: e.commit, path: e.path, sha256: sha(e.content), licence: 'MIT', language: 'fi', country: 'FI', kind: e.kind ?? 'invoice', medium: 'text_pdf', vendor: e.vendor, group: e.group, template: false, einvoice: false }),
  );
  writeFileSync(join(dir, 'batch.jsonl'), `${lines.join('\n')}\n`);
  for (const e of entries) {
    const label = e.label ?? { total: 12.4, issue_date: '2024-03-01', vendor: { name: e.vendor }, _source: { repo: e.repo, commit: e.commit, path: e.path, origin: 'manual' } };
    writeFileSync(join(dir, 'labels', `${e.name}.expected.json`), JSON.stringify(label));
  }
}

function corpus(root: string, ...args: string[]): string {
  return execFileSync(process.execPath, [SCRIPT, '--corpus', join(root, 'corpus'), '--shared', join(root, 'shared'), '--mirrors', join(root, 'mirrors'), ...args], { encoding: 'utf8' });
}

test('corpus --add takes checked entries, splits by vendor, and materializing verifies every hash', () => {
  const root = mkdtempSync(join(tmpdir(), 'corpus-'));
  try {
    mkdirSync(join(root, 'shared'), { recursive: true });
    writeFileSync(join(root, 'shared/HIDDEN-SOURCES.md'), '# Hidden\n\n- secret/holdout\n');
    writeFileSync(join(root, 'shared/already.pdf'), 'shared document');
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`doc${i}.pdf`] = `%PDF-1.4 invoice ${i}`;
    files['dup.pdf'] = 'shared document';
    const commit = snapshot(join(root, 'mirrors'), 'acme/docs', files);
    const hiddenCommit = snapshot(join(root, 'mirrors'), 'secret/holdout', { 'h.pdf': 'hidden' });
    const vendors = ['Alpha Oy', 'ALPHA OY.', 'Beta Ab', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta', 'Iota', 'Kappa', 'Lambda'];
    // Three stores of one chain print one layout: a group of their own, on one side.
    const group = (i: number) => (i >= 9 ? { group: 'Chain stores' } : {});
    const entries = vendors.map((vendor, i) => ({ name: `t_doc${i}`, repo: 'acme/docs', commit, path: `doc${i}.pdf`, vendor, content: files[`doc${i}.pdf`]!, ...group(i) }));
    const incoming = join(root, 'incoming');
    collect(incoming, [
      ...entries,
      { name: 't_hidden', repo: 'secret/holdout', commit: hiddenCommit, path: 'h.pdf', vendor: 'X', content: 'hidden' },
      { name: 't_dup', repo: 'acme/docs', commit, path: 'dup.pdf', vendor: 'Y', content: 'shared document' },
      { name: 't_badhash', repo: 'acme/docs', commit, path: 'doc0.pdf', vendor: 'Z', content: 'other bytes' },
      { name: 't_baddate', repo: 'acme/docs', commit, path: 'doc1.pdf', vendor: 'W', content: files['doc1.pdf']!, label: { issue_date: '01.03.2024', _source: { repo: 'acme/docs', commit, path: 'doc1.pdf', origin: 'manual' } } },
    ]);

    const added = corpus(root, '--add', incoming);
    assert.match(added, /refused t_hidden: .*secret\/holdout is a hidden source/u);
    assert.match(added, /refused t_dup: .*in \.\.\/shared\/corpus/u);
    assert.match(added, /refused t_badhash: .*sha256 differs/u);
    assert.match(added, /refused t_baddate: .*issue_date is not YYYY-MM-DD/u);
    assert.match(added, /12 documents added/u);

    const manifest = JSON.parse(readFileSync(join(root, 'corpus/manifest.json'), 'utf8'));
    assert.equal(manifest.documents.length, 12);
    const split = new Map<string, string>(manifest.documents.map((d: { name: string; split: string }) => [d.name, d.split]));
    assert.equal(split.get('t_doc0'), split.get('t_doc1'), 'one vendor, two spellings, one side');
    assert.ok(split.get('t_doc9') === split.get('t_doc10') && split.get('t_doc10') === split.get('t_doc11'), 'one group, one side');
    const sealed = [...split.values()].filter((s) => s === 'sealed').length;
    assert.ok(sealed >= 2 && sealed <= 5, `about 30 % sealed, got ${sealed} of 12`);
    for (const d of manifest.documents) assert.ok(existsSync(join(root, 'corpus/labels', d.split, `${d.name}.expected.json`)), `${d.name}'s label under labels/${d.split}`);

    // A second reader's revision of a label replaces the one in place; the split stays as it was.
    const revised = { total: 12.5, vendor: { name: 'Gamma' }, _source: { repo: 'acme/docs', commit, path: 'doc3.pdf', origin: 'manual', checked_by: 'second' } };
    writeFileSync(join(incoming, 'labels', 't_doc3.expected.json'), JSON.stringify(revised));
    assert.match(corpus(root, '--add', incoming), /0 documents added .*\n.*1 labels of documents already in the manifest replaced/u);
    assert.deepEqual(JSON.parse(readFileSync(join(root, 'corpus/labels', split.get('t_doc3')!, 't_doc3.expected.json'), 'utf8')), revised);
    assert.deepEqual(JSON.parse(readFileSync(join(root, 'corpus/manifest.json'), 'utf8')), manifest);

    // The same entries split anew from scratch land on the same sides: the split is the seed's.
    rmSync(join(root, 'corpus'), { recursive: true });
    collect(incoming, entries);
    corpus(root, '--add', incoming);
    const again = JSON.parse(readFileSync(join(root, 'corpus/manifest.json'), 'utf8'));
    assert.deepEqual(again.documents.map((d: { split: string }) => d.split), manifest.documents.map((d: { split: string }) => d.split));

    const out = join(root, 'out');
    const written = corpus(root, '--out', out);
    assert.match(written, /12 of 12 documents written/u);
    const folder = join(out, 'open', 'invoice.fi.text_pdf');
    const openNames = manifest.documents.filter((d: { split: string }) => d.split === 'open').map((d: { name: string }) => d.name);
    assert.deepEqual(readdirSync(folder).sort(), openNames.flatMap((n: string) => [`${n}.expected.json`, `${n}.pdf`]).sort());
    assert.equal(readFileSync(join(folder, `${openNames[0]}.pdf`), 'utf8'), files[`doc${openNames[0].slice(5)}.pdf`]);

    // A manifest whose hash no longer matches the snapshot's bytes: that file is not written.
    const tampered = { ...again, documents: again.documents.map((d: { name: string; sha256: string }) => (d.name === 't_doc3' ? { ...d, sha256: sha('x') } : d)) };
    writeFileSync(join(root, 'corpus/manifest.json'), JSON.stringify(tampered));
    assert.throws(() => corpus(root, '--out', out), (e: { stdout: string }) => /11 of 12 documents written/u.test(e.stdout) && /sha256 differs from the manifest's: t_doc3/u.test(e.stdout));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('corpus --remove takes a document and its label out, records why, and --add does not take it back', () => {
  const root = mkdtempSync(join(tmpdir(), 'corpus-remove-'));
  try {
    mkdirSync(join(root, 'shared'), { recursive: true });
    const files = { 'a.pdf': '%PDF-1.4 a', 'b.pdf': '%PDF-1.4 b' };
    const commit = snapshot(join(root, 'mirrors'), 'acme/docs', files);
    const incoming = join(root, 'incoming');
    collect(incoming, [
      { name: 't_a', repo: 'acme/docs', commit, path: 'a.pdf', vendor: 'A Oy', content: files['a.pdf'] },
      { name: 't_b', repo: 'acme/docs', commit, path: 'b.pdf', vendor: 'B Oy', content: files['b.pdf'] },
    ]);
    corpus(root, '--add', incoming);
    const before = JSON.parse(readFileSync(join(root, 'corpus/manifest.json'), 'utf8'));
    const side = before.documents.find((d: { name: string }) => d.name === 't_a').split as string;
    const out = join(root, 'out');
    corpus(root, '--out', out);
    const laidOut = (name: string) => before.documents.filter((d: { name: string }) => d.name === name).map((d: { split: string }) => join(out, d.split, 'invoice.fi.text_pdf', `${name}.pdf`))[0] as string;
    const kept = statSync(laidOut('t_b')).mtimeMs;
    assert.match(corpus(root, '--remove', 't_a', '--why', 'a copy of a hidden source'), /1 documents removed; the manifest holds 1/u);
    const after = JSON.parse(readFileSync(join(root, 'corpus/manifest.json'), 'utf8'));
    assert.deepEqual(after.documents.map((d: { name: string }) => d.name), ['t_b']);
    assert.equal(after.removed[0].name, 't_a');
    assert.equal(after.removed[0].why, 'a copy of a hidden source');
    assert.ok(!existsSync(join(root, 'corpus/labels', side, 't_a.expected.json')));
    // Laid out again: the removed document leaves the folder; the one in place is not written again.
    corpus(root, '--out', out);
    assert.ok(!existsSync(laidOut('t_a')) && !existsSync(laidOut('t_a').replace(/\.pdf$/u, '.expected.json')));
    assert.equal(statSync(laidOut('t_b')).mtimeMs, kept);
    assert.match(corpus(root, '--add', incoming), /refused t_a: removed from the manifest on \d{4}-\d{2}-\d{2}: a copy of a hidden source/u);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
