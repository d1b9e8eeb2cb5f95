// The `ledgerlens` command as an operator uses it: keys, businesses, offline extraction, first start.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { jpegImage, textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess, type ServeProcess } from '../helpers/process.js';

describe('ledgerlens CLI', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let serve: ServeProcess;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-cli-'));
    env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1' };
  });
  after(async () => {
    await serve?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const usage = (key: string) => fetch(`${serve.baseUrl}/api/v1/usage`, { headers: { 'x-api-key': key } });

  test('first start creates a business and prints its key once', async () => {
    serve = await startServeProcess(env);
    const key = /(llk_\S+)/.exec(serve.output())?.[1];
    assert.ok(key, serve.output());
    assert.equal((await usage(key)).status, 200);
    const list = await runCli(['businesses', 'list'], env);
    assert.equal(list.code, 0);
    assert.match(list.stdout, /\tdefault\t/);
  });

  test('keys create prints the secret on the last line; list never shows secrets; rotate and revoke act at once', async () => {
    const created = await runCli(['keys', 'create', '--business', 'Acme OÜ'], env);
    assert.equal(created.code, 0, created.stderr);
    const lines = created.stdout.trim().split('\n');
    const secret = lines.at(-1)!;
    assert.match(secret, /^llk_key_/);
    assert.equal((await usage(secret)).status, 200);

    const listed = await runCli(['keys', 'list'], env);
    assert.match(listed.stdout, /Acme OÜ/);
    assert.ok(!listed.stdout.includes(secret.split('_').at(-1)!), 'list shows no secret');
    const keyId = /key (key_\w+)/.exec(created.stdout)![1]!;

    const rotated = await runCli(['keys', 'rotate', keyId], env);
    assert.equal(rotated.code, 0, rotated.stderr);
    const newSecret = rotated.stdout.trim().split('\n').at(-1)!;
    assert.equal((await usage(secret)).status, 401, 'the rotated key is revoked on the next request');
    assert.equal((await usage(newSecret)).status, 200);

    const newId = /key (key_\w+)/.exec(rotated.stdout)![1]!;
    assert.equal((await runCli(['keys', 'revoke', newId], env)).code, 0);
    const revoked = await usage(newSecret);
    assert.equal(revoked.status, 401);
    assert.equal(((await revoked.json()) as any).error.code, 'invalid_api_key');
    assert.notEqual((await runCli(['keys', 'revoke', newId], env)).code, 0, 'revoking twice is an error');
  });

  test('the secret never reaches the server log', async () => {
    const created = await runCli(['keys', 'create', '--business', 'Logged'], env);
    const secret = created.stdout.trim().split('\n').at(-1)!;
    await usage(secret);
    await fetch(`${serve.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${secret}` } });
    const afterFirstStart = serve.output().split('keep it safe')[1] ?? '';
    assert.ok(!afterFirstStart.includes(secret));
  });

  test('extract: one file to stdout, several into --out as <name>.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledgerlens-extract-'));
    try {
      await writeFile(join(dir, 'invoice.pdf'), await textPdf([['Arve nr 17', 'Kuupäev 05.01.2024']]));
      await writeFile(join(dir, 'receipt.jpg'), await jpegImage());
      const one = await runCli(['extract', join(dir, 'invoice.pdf'), '--raw-text'], env);
      assert.equal(one.code, 0, one.stderr);
      const doc = JSON.parse(one.stdout);
      assert.equal(doc.filename, 'invoice.pdf');
      assert.equal(doc.content_type, 'application/pdf');
      assert.match(doc.raw_text, /Kuupäev/);
      assert.match(one.stderr, /\[1\/1\]/);

      const out = join(dir, 'out');
      const many = await runCli(['extract', join(dir, 'invoice.pdf'), join(dir, 'receipt.jpg'), '--out', out], env);
      assert.equal(many.code, 0, many.stderr);
      assert.deepEqual((await readdir(out)).sort(), ['invoice.json', 'receipt.json']);
      assert.equal(JSON.parse(await readFile(join(out, 'receipt.json'), 'utf8')).content_type, 'image/jpeg');

      await writeFile(join(dir, 'notes.txt'), 'not a document');
      const bad = await runCli(['extract', join(dir, 'notes.txt')], env);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /unsupported_media_type/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('extract: usage errors print a message and exit 2, before any file is read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledgerlens-usage-'));
    try {
      await writeFile(join(dir, 'invoice.pdf'), await textPdf([['Arve nr 17']]));
      const cases: [string[], RegExp][] = [
        [['extract'], /needs at least one FILE/],
        [['extract', join(dir, 'missing.pdf')], /missing\.pdf: no such file/],
        [['extract', join(dir, 'invoice.pdf'), join(dir, 'missing.pdf'), '--out', join(dir, 'out')], /missing\.pdf: no such file/],
        [['extract', dir], /not a file \(a folder/],
        [['extract', join(dir, 'invoice.pdf'), join(dir, 'invoice.pdf')], /several files needs --out/],
        [['extract', join(dir, 'invoice.pdf'), '--no-such-option'], /Unknown option '--no-such-option'/],
      ];
      for (const [args, message] of cases) {
        const res = await runCli(args, env);
        assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, message);
        assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
      }
      assert.deepEqual(await readdir(dir), ['invoice.pdf'], 'nothing was written');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('extract --words: pages of words or lines give the same Document, <name>.json beside the labels; a bad file fails alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledgerlens-words-'));
    try {
      const receipt = { pages: [{ page: 1, width: 463, height: 1013, lines: [
        { text: 'YONGFATT ENTERPRISE', box: [190, 106, 790, 131] },
        { text: 'DATE: 25/12/2018', box: [60, 300, 500, 320] },
        { text: 'TOTAL:            80.90', box: [60, 600, 900, 620] },
      ] }] };
      await writeFile(join(dir, 'receipt.words.json'), JSON.stringify(receipt));
      const one = await runCli(['extract', '--words', join(dir, 'receipt.words.json'), '--regions'], env);
      assert.equal(one.code, 0, one.stderr);
      const doc = JSON.parse(one.stdout);
      assert.equal(doc.content_type, 'application/json');
      assert.deepEqual([doc.extraction.total, doc.extraction.issue_date, doc.extraction.vendor.name], [80.9, '2018-12-25', 'YONGFATT ENTERPRISE']);
      assert.ok(doc.field_status.total && doc.regions.total, 'statuses and regions as for a page');

      await writeFile(join(dir, 'broken.words.json'), JSON.stringify({ pages: [{ page: 1, width: 1, height: 1, lines: [{ text: 'x', box: [1, 2, 3] }] }] }));
      const out = join(dir, 'out');
      const many = await runCli(['extract', '--words', join(dir, 'receipt.words.json'), join(dir, 'broken.words.json'), '--out', out], env);
      assert.equal(many.code, 1);
      assert.match(many.stderr, /broken\.words\.json failed: not a words file: pages\[0\]\.lines\[0\]\.box must not have fewer than 4 items/);
      assert.deepEqual(await readdir(out), ['receipt.json']);

      for (const [args, message] of [
        [['extract', '--words'], /needs at least one FILE/],
        [['extract', '--words', join(dir, 'missing.words.json')], /missing\.words\.json: no such file/],
      ] as [string[], RegExp][]) {
        const res = await runCli(args, env);
        assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, message);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('extract --out: inputs of the same name each get their own output, and a summary line ends the run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledgerlens-same-name-'));
    try {
      await Promise.all(['a', 'b'].map((sub) => mkdir(join(dir, sub))));
      await writeFile(join(dir, 'a', 'invoice.pdf'), await textPdf([['Arve nr A-1']]));
      await writeFile(join(dir, 'b', 'invoice.pdf'), await textPdf([['Arve nr B-2']]));
      await writeFile(join(dir, 'a', 'invoice.jpg'), await jpegImage());
      await writeFile(join(dir, 'a', 'notes.txt'), 'not a document');
      const out = join(dir, 'out');
      const inputs = ['a/invoice.pdf', 'b/invoice.pdf', 'a/invoice.jpg', 'a/notes.txt'].map((p) => join(dir, p));
      const res = await runCli(['extract', ...inputs, '--out', out, '--raw-text'], env);
      assert.equal(res.code, 1, 'one input failed');
      assert.deepEqual((await readdir(out)).sort(), ['invoice-2.json', 'invoice-3.json', 'invoice.json']);
      const read = async (name: string) => JSON.parse(await readFile(join(out, name), 'utf8'));
      assert.match((await read('invoice.json')).raw_text, /A-1/);
      assert.match((await read('invoice-2.json')).raw_text, /B-2/);
      assert.equal((await read('invoice-3.json')).content_type, 'image/jpeg');
      assert.match(res.stderr, /b\/invoice\.pdf ok \(\d+ ms\) -> .*invoice-2\.json/);
      assert.match(res.stderr.trim().split('\n').at(-1)!, /^3 of 4 extracted, 1 failed, in \d+\.\d s$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('bad configuration stops with the variable name', async () => {
    const res = await runCli(['businesses', 'list'], { ...env, LEDGERLENS_MAX_PAGES: 'lots' });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /LEDGERLENS_MAX_PAGES/);
    for (const [name, value] of [['LEDGERLENS_OCR_ENGINE', 'tess'], ['LEDGERLENS_OCR_LANGUAGES', 'eng+xyz']] as const) {
      const ocr = await runCli(['extract', 'whatever.pdf'], { ...env, [name]: value });
      assert.equal(ocr.code, 1, ocr.stderr);
      assert.match(ocr.stderr, new RegExp(`^ledgerlens: ${name}`));
    }
  });
});
