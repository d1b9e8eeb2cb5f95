// A machine whose native Tesseract has English alone (Debian's default install), played on any
// machine with native Tesseract by LEDGERLENS_TEST_NATIVE_TESSERACT: start-up and /readyz name the
// configured languages it lacks, and a Polish page comes back with its letters, read by tesseract.js.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { probeNativeTesseract } from '../../src/pipeline/ocr/native-tesseract.js';
import { DIACRITICS, linePng } from '../../src/pipeline/ocr/ocr.cases.js';
import { ENV_TEST_NATIVE } from '../../src/pipeline/ocr/select-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const native = await probeNativeTesseract();
const POLISH = DIACRITICS.pl!;

describe('native Tesseract with English alone', { skip: native?.languages.includes('eng') ? false : 'no native Tesseract with English here (npm run setup:ocr)' }, () => {
  let server: TestServer;
  const logged: { level: number; msg: string; ocr_languages?: unknown }[] = [];
  const saved = process.env[ENV_TEST_NATIVE];

  before(async () => {
    // Read by the service's own probe and inherited by its extraction threads.
    process.env[ENV_TEST_NATIVE] = 'eng';
    const log = pino({ level: 'warn' }, new Writable({ write: (line, _enc, done) => done(void logged.push(JSON.parse(String(line)))) }));
    server = await startTestServer({}, {}, { log });
  });
  after(async () => {
    await server?.close();
    if (saved === undefined) delete process.env[ENV_TEST_NATIVE];
    else process.env[ENV_TEST_NATIVE] = saved;
  });

  test('start-up warns that native Tesseract lacks deu and est and that tesseract.js reads them', () => {
    const warning = logged.find((line) => line.level === 40 && /^native Tesseract lacks deu, est/.test(line.msg));
    assert.ok(warning, JSON.stringify(logged));
    assert.match(warning.msg, /read by tesseract\.js instead; .*tesseract-ocr-deu tesseract-ocr-est/);
  });

  test('/readyz says which configured languages native Tesseract lacks and which engine reads them', async () => {
    const res = await fetch(`${server.baseUrl}/readyz`);
    assert.equal(res.status, 200);
    const { ocr } = (await res.json()) as { ocr: Record<string, unknown> };
    assert.equal(ocr.engine, 'tesseract.js');
    assert.deepEqual((ocr.engines as { engine: string; languages: string[] }[]).map((e) => e.engine), ['tesseract', 'tesseract.js']);
    assert.deepEqual(ocr.configured_languages, ['eng', 'deu', 'est']);
    assert.deepEqual(ocr.language_gaps, [
      { language: 'deu', missing_from: 'tesseract', read_by: 'tesseract.js' },
      { language: 'est', missing_from: 'tesseract', read_by: 'tesseract.js' },
    ]);
    assert.equal((ocr.warnings as string[]).length, 1);
  });

  test('a Polish page with a Polish hint keeps its letters', async () => {
    const png = await linePng(POLISH);
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      json: { content: png.toString('base64'), content_type: 'image/png', hints: JSON.stringify({ language: 'pl' }), raw_text: true },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { raw_text: text, warnings } = res.body.data as { raw_text: string; warnings: string[] };
    const kept = POLISH.split(' ').filter((word) => /[^\x00-\x7f]/u.test(word) && text.includes(word));
    assert.ok(kept.length >= 3, `read: ${text}`);
    assert.deepEqual(warnings.filter((w) => w.startsWith('ocr_language')), []);
  });
});
