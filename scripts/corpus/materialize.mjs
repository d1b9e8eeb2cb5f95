// Writes the manifest's documents out of fetched repository snapshots into a git-ignored folder, laid
// out as the eval reads labelled sets: OUT/<split>/<family>/<name>.<ext> beside its label. Every file
// is checked against the manifest's sha256; a document whose snapshot is missing or whose bytes differ
// is reported and not written.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionOf, familyOf, labelPath } from './manifest.mjs';

/** The git directory of `repo` (owner/name) under MIRRORS, as the search tool's fetch lays it out. */
export function mirrorOf(mirrors, repo) {
  const base = join(mirrors, repo.replace('/', '+'));
  // fetch lays a snapshot out bare (repo/) or, now and then, as a clone with a work tree (repo/.git).
  for (const dir of [join(base, 'repo'), join(base, 'repo', '.git'), base]) if (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'))) return dir;
  return null;
}

/** One file's bytes at a commit of a git directory, or null when the commit or path is not there. */
export function blobAt(gitDir, commit, path) {
  const run = spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', `${commit}:${path}`], { maxBuffer: 256 * 1024 * 1024 });
  return run.status === 0 ? run.stdout : null;
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Materializes `documents` (manifest entries with split) from MIRRORS into OUT. Returns counts and
 * the problems found: `{ written, missingMirror: Set<repo>, missingBlob: [name], badHash: [name], noLabel: [name] }`.
 */
export function materialize(documents, { corpusDir, mirrors, out }) {
  const result = { written: 0, missingMirror: new Set(), missingBlob: [], badHash: [], noLabel: [] };
  const wanted = new Set();
  for (const doc of documents) {
    const label = labelPath(corpusDir, doc);
    if (!existsSync(label)) {
      result.noLabel.push(doc.name);
      continue;
    }
    const gitDir = mirrorOf(mirrors, doc.repo);
    if (!gitDir) {
      result.missingMirror.add(doc.repo);
      continue;
    }
    const bytes = blobAt(gitDir, doc.commit, doc.path);
    if (!bytes) {
      result.missingBlob.push(doc.name);
      continue;
    }
    if (sha256(bytes) !== doc.sha256) {
      result.badHash.push(doc.name);
      continue;
    }
    const dir = join(out, doc.split, familyOf(doc));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${doc.name}.${extensionOf(doc)}`);
    const copy = join(dir, `${doc.name}.expected.json`);
    writeIfChanged(file, bytes);
    writeIfChanged(copy, readFileSync(label));
    wanted.add(file).add(copy);
    result.written++;
  }
  // Both sides, whatever the documents hold now: the last document of a side may have left it.
  for (const split of new Set(['open', 'sealed', ...documents.map((d) => d.split)])) removeStale(join(out, split), wanted);
  return result;
}

/**
 * Files already in place are left alone and new ones appear whole, so training or an eval reading the
 * folder meanwhile never finds a document missing or half written.
 */
function writeIfChanged(path, bytes) {
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

/** Removes what the manifest no longer lays out under DIR (a removed or re-split document, a renamed family). */
function removeStale(dir, wanted) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removeStale(path, wanted);
      if (!readdirSync(path).length) rmSync(path, { recursive: true });
    } else if (!wanted.has(path)) rmSync(path);
  }
}
