#!/usr/bin/env node
// `npm run eval`: the offline extraction over the labelled corpus, scored by the shared scorer.
// Two runs: as the service answers (embedded e-invoice XML used), and reading the page only
// (--ignore-embedded-xml), which is what the engine's targets are measured on. The last line printed
// is the page-reading score.
//
//   node scripts/eval.mjs [--corpus ../shared/corpus] [--out .eval] [--mode both|xml|page] [--show-misses N]
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: resolve(root, '../shared/corpus') },
    out: { type: 'string', default: join(root, '.eval') },
    mode: { type: 'string', default: 'both' },
    'show-misses': { type: 'string' },
  },
});
const corpus = resolve(values.corpus);
const scorer = resolve(corpus, '../eval/score.mjs');
const modes = values.mode === 'both' ? ['xml', 'page'] : [values.mode];
const folders = readdirSync(corpus).filter((name) => statSync(join(corpus, name)).isDirectory());
const lastLines = [];

for (const mode of modes) {
  const out = join(resolve(values.out), mode);
  rmSync(out, { recursive: true, force: true });
  const started = Date.now();
  for (const folder of folders) {
    const files = readdirSync(join(corpus, folder)).filter((f) => !f.endsWith('.json') && !f.endsWith('.md')).map((f) => join(corpus, folder, f));
    if (!files.length) continue;
    const args = [join(root, 'dist/src/cli/main.js'), 'extract', ...files, '--out', join(out, folder)];
    if (mode === 'page') args.push('--ignore-embedded-xml');
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    for (const line of run.stderr.split('\n').filter((l) => l && !/ ok \(/u.test(l))) process.stderr.write(`${line}\n`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const scoreArgs = [scorer, '--gold', corpus, '--pred', out, '--by-source'];
  if (values['show-misses']) scoreArgs.push('--show-misses', values['show-misses']);
  const scored = spawnSync(process.execPath, scoreArgs, { encoding: 'utf8' });
  console.log(`\n## ${mode === 'xml' ? 'As served (embedded XML used)' : 'Reading the page (--ignore-embedded-xml)'}: ${seconds} s\n`);
  process.stdout.write(scored.stdout);
  lastLines.push(`${mode}: ${scored.stdout.trim().split('\n').at(-1)}`);
}
console.log('');
for (const line of lastLines) console.log(line);
