// The labelled sets `npm run eval` measures, and the two things it does to each: extract every
// document with the offline CLI, and score the results with the shared scorer.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** A labelled document: where its input and label are, and which set and folder it belongs to. */
export function labelledDocuments(root, set) {
  const docs = [];
  for (const label of walk(root).filter((p) => p.endsWith('.expected.json'))) {
    const name = basename(label, '.expected.json');
    const dir = dirname(label);
    const input = readdirSync(dir).find((f) => f.startsWith(`${name}.`) && !f.endsWith('.expected.json') && !f.endsWith('.md'));
    if (!input) continue; // a label whose document is not here scores nothing
    docs.push({ set, root, folder: relative(root, dir), name, input: join(dir, input), label: JSON.parse(readFileSync(label, 'utf8')) });
  }
  return docs;
}

/**
 * Extracts `docs` into OUT/<folder>/<name>.json, a CLI run per folder (one warm pool each).
 * `args`: more arguments for `ledgerlens extract` (--ignore-embedded-xml); `env`: more environment (a
 * learned model's, LEDGERLENS_FIELD_MODEL). Failures are printed and leave no prediction, so the scorer
 * counts the document's fields as missed; `quiet` prints only how many lines the runs complained in (the
 * sealed split names no document).
 */
export function extractDocuments(root, docs, out, args = [], env = {}, { quiet = false } = {}) {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  let quietComplaints = 0;
  const byFolder = new Map();
  for (const doc of docs) byFolder.set(doc.folder, [...(byFolder.get(doc.folder) ?? []), doc]);
  for (const [folder, inFolder] of byFolder) {
    const words = inFolder[0].input.endsWith('.words.json') ? ['--words'] : [];
    const run = spawnSync(process.execPath, [join(root, 'dist/src/cli/main.js'), 'extract', ...words, ...inFolder.map((d) => d.input), '--out', join(out, folder), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const complaints = run.stderr.split('\n').filter((l) => l && !/ ok \(/u.test(l));
    if (quiet) quietComplaints += complaints.length;
    else for (const line of complaints) process.stderr.write(`${line}\n`);
  }
  if (quiet && quietComplaints) process.stderr.write(`(${quietComplaints} lines of complaint from the extraction runs, not shown)\n`);
  return (Date.now() - started) / 1000;
}

/** The shared scorer over GOLD and PRED: its printed report and its figures (--json). */
export function score(scorer, gold, pred, jsonPath, showMisses) {
  const args = [scorer, '--gold', gold, '--pred', pred, '--by-source', '--json', jsonPath];
  if (showMisses) args.push('--show-misses', showMisses);
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`score.mjs failed on ${gold}: ${run.stderr}`);
  return { printed: run.stdout, figures: JSON.parse(readFileSync(jsonPath, 'utf8')) };
}

/** The figures of several scorer reports added up: totals, review honesty, per source. */
export function combine(reports) {
  const total = { gold: 0, pred: 0, correct: 0 };
  const honesty = { wrong: 0, wrongFlagged: 0, correct: 0 };
  let docs = 0;
  for (const r of reports) {
    for (const k of Object.keys(total)) total[k] += r.total[k];
    for (const k of Object.keys(honesty)) honesty[k] += r.honesty[k];
    docs += r.docs;
  }
  const precision = total.pred ? total.correct / total.pred : 0;
  const recall = total.gold ? total.correct / total.gold : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const silent = honesty.wrong + honesty.correct ? (honesty.wrong - honesty.wrongFlagged) / (honesty.wrong + honesty.correct) : 0;
  return { docs, f1, precision, recall, silent };
}

export function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
}
