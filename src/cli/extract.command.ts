// `ledgerlens extract`: the pipeline offline, no database. One pool of extraction threads stays warm
// across all files; progress goes to stderr so stdout carries only JSON. With --words the files are
// pages of words (schemas/words-file.schema.ts) and extraction starts after reading the page.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import type { Config } from '../config/config.js';
import { analyseUpload, documentRow, type AnalysisRequest } from '../documents/analyse-upload.js';
import { presentDocument } from '../documents/present-document.js';
import { ServiceError } from '../errors.js';
import { ingestLimits } from '../ingest/limits.js';
import { extractFromWords } from '../pipeline/extract.js';
import { ExtractionPool } from '../pipeline/extraction-pool.js';
import { parseWordsFile, WordsFileError } from '../pipeline/words-input.js';
import { newId } from '../security/ids.js';
import type { DocumentRow } from '../storage/repositories/documents.repository.js';
import { outputNames } from './output-names.js';
import { UsageError } from './usage-error.js';

export async function runExtract(config: Config, argv: string[]): Promise<number> {
  const { values, positionals: files } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'raw-text': { type: 'boolean', default: false },
      regions: { type: 'boolean', default: false },
      'ignore-embedded-xml': { type: 'boolean', default: false },
      words: { type: 'boolean', default: false },
    },
  });
  if (files.length === 0) throw new UsageError('extract needs at least one FILE');
  if (files.length > 1 && !values.out) throw new UsageError('extract of several files needs --out DIR');
  // Every path is checked before the first is read: a typo in the last of a hundred stops at once.
  for (const path of files) await mustBeFile(path);
  const outputs = outputNames(files);
  if (values.out) await mkdir(values.out, { recursive: true });

  // Words files skip reading the page, so they need no pool of extraction threads.
  const pool = values.words ? undefined : new ExtractionPool({ threads: config.extractionThreads, timeoutMs: config.extractionTimeoutMs });
  const limits = ingestLimits(config);
  const options = {
    hints: {},
    rawText: values['raw-text'] ?? false,
    regions: values.regions ?? false,
    ignoreEmbeddedXml: values['ignore-embedded-xml'] ?? false,
  };
  let failures = 0;
  let done = 0;
  const started = performance.now();
  try {
    await Promise.all(
      files.map(async (path, index) => {
        const bytes = await readFile(path);
        try {
          const request = {
            businessId: 'local',
            documentId: newId('doc'),
            file: { filename: basename(path), declaredType: null, bytes },
            options,
            source: { channel: 'api' as const },
            // Files extracted side by side, as a batch is: they keep to the configured threads.
            lane: { kind: 'batch' as const, business: 'local' },
          };
          const row = pool ? (await analyseUpload(pool, limits, systemClock, request)).row : analyseWords(request);
          const json = JSON.stringify(presentDocument(row), null, 2) + '\n';
          const target = values.out ? join(values.out, outputs[index]!) : undefined;
          if (target) await writeFile(target, json);
          else process.stdout.write(json);
          process.stderr.write(`[${++done}/${files.length}] ${path} ok (${row.processing_ms} ms)${target ? ` -> ${target}` : ''}\n`);
        } catch (error) {
          failures++;
          const reason =
            error instanceof ServiceError ? `${error.code}: ${error.message}` : error instanceof WordsFileError ? `not a words file: ${error.message}` : String(error);
          process.stderr.write(`[${++done}/${files.length}] ${path} failed: ${reason}\n`);
        }
      }),
    );
  } finally {
    await pool?.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`${files.length - failures} of ${files.length} extracted, ${failures} failed, in ${seconds} s\n`);
  return failures > 0 ? 1 : 0;
}

/** A words file through the same fields and reconciliation as a read page, shaped as the same Document row. */
function analyseWords(request: AnalysisRequest): DocumentRow {
  const started = performance.now();
  const outcome = extractFromWords(parseWordsFile(Buffer.from(request.file.bytes).toString('utf8')), request.options.hints);
  return documentRow(systemClock, request, { outcome, contentType: 'application/json', processingMs: Math.round(performance.now() - started) });
}

async function mustBeFile(path: string): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (!found) throw new UsageError(`${path}: no such file`);
  if (!found.isFile()) throw new UsageError(`${path}: not a file${found.isDirectory() ? ' (a folder; name the files in it)' : ''}`);
}
