// A document past its time limit is stopped, not left running: the client gets its 422, and the
// work itself ends (the thread, the OCR process it started), so the service's CPU and memory, with
// its children's, come back to where they were before the document. Real `serve`, real HTTP.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pngImage } from '../helpers/fixtures.js';
import { runCli, startServeProcess } from '../helpers/process.js';
import { CAN_SAMPLE_PROCESSES, killDescendants, treeLoad, type ProcessTree } from '../helpers/process-tree.js';
import { formData } from '../helpers/server.js';
import { denseTextScan } from '../helpers/slow-page.js';
import { until } from '../helpers/wait.js';

/** Long enough for the scan's OCR to have begun, on a loaded machine too; far shorter than the OCR. */
const TIME_LIMIT_MS = 15_000;
/** Below this the process tree is idle: nothing is computing, only timers and the odd probe. */
const IDLE_CORES = 0.2;
/** A stopped document may leave this much more resident than before it (a fresh thread, allocator slack). */
const RSS_MARGIN_BYTES = 150 * 1024 * 1024;
/**
 * How long the tree may take to settle after the 422. Generous for ending a thread and a child
 * process (milliseconds) and for starting the thread that replaces it; short of the 120 CPU seconds
 * an OCR process left running would take before its own limit ended it.
 */
const SETTLE_LIMIT_MS = 60_000;
const SAMPLE_MS = 2000;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const describeTree = (tree: ProcessTree & { cores: number }) => `${tree.cores.toFixed(2)} cores, ${mb(tree.rssBytes)}, children [${tree.descendants.map((d) => `${d.pid} ${d.command}`).join(', ')}]`;

test('a document past its time limit is answered 422 and stopped: its OCR ends and CPU and memory return to idle', { skip: !CAN_SAMPLE_PROCESSES && 'reads /proc' }, async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-time-limit-'));
  const env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_EXTRACTION_TIMEOUT_MS: String(TIME_LIMIT_MS) };
  const serve = await startServeProcess(env).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const key = (await runCli(['keys', 'create', '--business', 'Limits'], env)).stdout.trim().split('\n').at(-1)!;
    const upload = async (name: string, bytes: Buffer) => {
      const res = await fetch(`${serve.baseUrl}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': key }, body: formData([{ field: 'file', name, bytes }]) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const pid = serve.child.pid!;
    // An image read first, so the thread has loaded what OCR needs before the idle level is taken.
    assert.equal((await upload('small.png', await pngImage())).status, 200);
    const idle = await until(async () => {
      const tree = await treeLoad(pid, SAMPLE_MS);
      return tree.cores < IDLE_CORES && tree.descendants.length === 0 && tree;
    }, () => 'the service did not settle after its first document');

    const res = await upload('dense.png', await denseTextScan());
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'processing_failed');
    assert.match(res.body.error.message, /took longer than/);

    let last: ProcessTree & { cores: number };
    const answered = Date.now();
    const deadline = answered + SETTLE_LIMIT_MS;
    for (;;) {
      last = await treeLoad(pid, SAMPLE_MS);
      if (last.cores < IDLE_CORES && last.descendants.length === 0 && last.rssBytes < idle.rssBytes + RSS_MARGIN_BYTES) break;
      assert.ok(Date.now() < deadline, `${SETTLE_LIMIT_MS / 1000} s after the 422: ${describeTree(last)}; idle before it: ${describeTree(idle)}`);
    }
    t.diagnostic(`idle before: ${describeTree(idle)}; ${((Date.now() - answered) / 1000).toFixed(0)} s after the 422: ${describeTree(last)}`);
    // The service goes on: the next document is read on the thread that replaced the stopped one.
    assert.equal((await upload('after.png', await pngImage())).status, 200);
  } finally {
    killDescendants(serve.child.pid!);
    await serve.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
