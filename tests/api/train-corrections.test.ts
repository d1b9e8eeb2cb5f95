// `ledgerlens train --with-corrections` over a real store (SQLite file or PostgreSQL schema): the
// installation's approved documents are read again, the blind-fold score before and after is printed,
// the model is stored only when it picks better, and deleted documents leave the next run.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ingestLimits } from '../../src/ingest/limits.js';
import { installationFieldModel } from '../../src/learning/installation-model.js';
import { ExtractionPool } from '../../src/pipeline/extraction-pool.js';
import { shippedModelFile, type ModelFile } from '../../src/pipeline/fields/choice/model.js';
import { textPdf } from '../helpers/fixtures.js';
import { runCli } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const VENDORS = ['Nordic Timber OÜ', 'Baltic Paper AS', 'Riga Print SIA', 'Vilnius Tools UAB'];

describe('ledgerlens train --with-corrections', () => {
  let server: TestServer;
  let business: string;
  let cli: (args: string[]) => ReturnType<typeof runCli>;
  const ids: string[] = [];

  before(async () => {
    server = await startTestServer();
    business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    const store = { LEDGERLENS_DATA_DIR: server.dataDir, DATABASE_URL: server.services.config.databaseUrl ?? '' };
    cli = (args) => runCli(['train', ...args], store);
    for (let i = 0; i < 12; i++) {
      const vendor = VENDORS[i % VENDORS.length]!;
      const amount = (100 + i * 7).toFixed(2);
      const pdf = await textPdf([[vendor, `INVOICE No ${2400 + i}`, `Date 0${(i % 9) + 1}.03.2024`, 'Description Qty Price Amount', `Services 1 ${amount} ${amount}`, `Total ${amount} EUR`]]);
      const document = await server.services.documents.create(business, { filename: `invoice-${i}.pdf`, declaredType: 'application/pdf', bytes: pdf }, { hints: {}, rawText: false, regions: false }, 'api');
      ids.push(document.id);
    }
  });
  after(() => server.close());

  const approve = (id: string) => server.services.documents.approve(business, id, 'bookkeeper@example.com');

  test('with fewer than ten approved documents nothing is trained and nothing stored', async () => {
    for (const id of ids.slice(0, 3)) await approve(id);
    const run = await cli(['--with-corrections']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /needs at least 10 approved documents .* has 3 from 3/);
    assert.equal(await server.services.store.learnedModels.find('field-choice'), undefined);
    assert.equal((await cli([])).code, 2, 'the flag is required');
  });

  test('the approved documents, corrections applied, are scored blind before and after; the model is kept only when better', async () => {
    // The person's vendor name is the label, not what the engine read.
    await server.services.documents.correct(business, ids[3]!, 'bookkeeper@example.com', [{ path: 'vendor.name', value: VENDORS[3] }]);
    for (const id of ids.slice(3)) await approve(id);
    const run = await cli(['--with-corrections']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^approved documents: 12 from 4 vendors; blind folds by vendor: 4$/m);
    assert.match(run.stdout, /^\| total \| 12 \| \d+ \| \d+ \| \d+ \| \d+ \|$/m);
    const score = /^blind-fold score: before (\d\.\d{3}) right \((\d+)\/(\d+)\), (\d+) wrong → after (\d\.\d{3}) right \((\d+)\/\3\), (\d+) wrong$/m.exec(run.stdout);
    assert.ok(score, run.stdout);
    const [before, after] = [Number(score[2]) - Number(score[4]), Number(score[6]) - Number(score[7])];
    const stored = await server.services.store.learnedModels.find('field-choice');
    if (after > before) {
      assert.match(run.stdout, /^kept: /m);
      assert.equal(stored?.documents, 12);
      assert.equal(JSON.parse(stored!.model_json).trained.approved_documents, 12);
    } else {
      assert.match(run.stdout, /^not kept: /m);
      assert.equal(stored, undefined);
    }
  });

  test('a deleted document is not in the next run', async () => {
    await server.services.documents.delete(business, ids[11]!);
    await server.services.documents.delete(business, ids[10]!);
    const run = await cli(['--with-corrections']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^approved documents: 10 from 4 vendors/m);
    const stored = await server.services.store.learnedModels.find('field-choice');
    assert.ok(stored === undefined || stored.documents === 10);
  });

  test("the extraction threads use the installation's model unless LEDGERLENS_FIELD_MODEL names one", async () => {
    // A total model that rates every candidate alike takes the first amount printed, not the rules' total.
    const shipped = shippedModelFile()!;
    const entry = shipped.fields.total!;
    const flat = { ...shipped, fields: { ...shipped.fields, total: { ...entry, learner: 'boosted' as const, model: { base: 0, trees: [] }, threshold: 0.5 } } };
    await server.services.store.learnedModels.put({ name: 'field-choice', model_json: JSON.stringify(flat), trained_at: '2026-11-27T00:00:00Z', documents: 10 });
    assert.equal(await installationFieldModel(server.services.store, 'models/other.json'), undefined);
    const installation = await installationFieldModel(server.services.store, '');
    assert.deepEqual(installation?.file, flat);

    const pdf = await textPdf([['INVOICE 17', 'Consulting 1 40.00 40.00', 'Travel 1 25.00 25.00', 'Total 65.00 EUR']]);
    const request = { bytes: new Uint8Array(pdf), mediaType: 'application/pdf' as const, filename: 'x.pdf', hints: {}, limits: ingestLimits(server.services.config), ignoreEmbeddedXml: false };
    const totalWith = async (fieldModel: ModelFile | undefined) => {
      const pool = new ExtractionPool({ threads: 1, timeoutMs: 60_000, fieldModel });
      try {
        return (await pool.extract(request)).outcome.extraction.total;
      } finally {
        await pool.close();
      }
    };
    assert.equal(await totalWith(undefined), 65);
    assert.notEqual(await totalWith(installation!.file), 65);
  });
});

