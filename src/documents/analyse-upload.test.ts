import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import { textPdf } from '../../tests/helpers/fixtures.js';
import { systemClock } from '../clock.js';
import { ExtractionPool } from '../pipeline/extraction-pool.js';
import { analyseUpload } from './analyse-upload.js';

test('processing_ms is the document\'s own time: documents queued for one thread do not count their wait', async () => {
  const pdf = await textPdf([['Invoice 7', 'Total 12.50 EUR']]);
  const pool = new ExtractionPool({ threads: 1, timeoutMs: 60_000 });
  try {
    const started = performance.now();
    const rows = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        analyseUpload(pool, { maxPages: 5, maxPixels: 1e8, maxDecodedBytes: 64 * 1024 * 1024, maxDecodedStreamBytes: 32 * 1024 * 1024 }, systemClock, {
          businessId: 'local',
          documentId: `doc_${i}`,
          file: { filename: `queued-${i}.pdf`, declaredType: null, bytes: pdf },
          options: { hints: {}, rawText: false, regions: false },
          source: { channel: 'api' },
          // A batch's documents keep to the pool's one thread (an upload could also take the one kept for requests).
          lane: { kind: 'batch', business: 'local' },
        }),
      ),
    );
    const wall = performance.now() - started;
    // One thread runs them one after another, so their own times add up to at most the wall time;
    // counting the queue, the k-th would also carry the k-1 before it (about 2.5 times the wall time).
    const total = rows.reduce((sum, { row }) => sum + row.processing_ms, 0);
    assert.ok(total <= wall + rows.length, `sum of processing_ms ${total} ms, wall ${Math.round(wall)} ms`);
  } finally {
    await pool.close();
  }
});
