// Every error row of docs/api.md, over real HTTP: the status, the code, and nothing stored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corruptPdf, encryptedPdf, gifImage, heicImage, hugeDimensionPng, jpegImage, multiPageTiff, pngImage, textPdf, webpImage } from '../helpers/fixtures.js';
import { formData, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

function assertError(res: ApiResponse, status: number, code: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['error', 'success']);
  assert.equal(res.body.success, false);
  assert.equal(res.body.error.code, code);
  assert.equal(typeof res.body.error.message, 'string');
  assert.ok(res.body.error.message.length > 0);
}

describe('error responses', () => {
  let server: TestServer;
  const upload = (json: unknown) => server.api('/api/v1/documents', { method: 'POST', json });
  const uploadFile = (bytes: Buffer, name = 'f.bin') =>
    server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name, bytes }]) });

  before(async () => {
    server = await startTestServer({ maxFileBytes: 300_000, maxPages: 3, maxPixels: 20_000_000, maxRequestBytes: 1_500_000 });
  });
  after(() => server.close());

  test('401 missing_api_key without a key, on every endpoint', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/documents'], ['POST', '/api/v1/documents/batch'], ['GET', '/api/v1/documents'],
      ['GET', '/api/v1/documents/doc_x'], ['DELETE', '/api/v1/documents/doc_x'], ['GET', '/api/v1/jobs/job_x'],
      ['GET', '/api/v1/metadata/document-types'], ['GET', '/api/v1/metadata/fields'], ['GET', '/api/v1/usage'],
      ['GET', '/api/v1/callback'], ['PUT', '/api/v1/callback'],
    ] as const) {
      assertError(await server.api(path, { method, key: null }), 401, 'missing_api_key');
    }
  });

  test('401 invalid_api_key for unknown, malformed, non-Bearer and empty keys', async () => {
    const unknown = server.key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    assertError(await server.api('/api/v1/usage', { key: unknown }), 401, 'invalid_api_key');
    assertError(await server.api('/api/v1/usage', { key: 'hello' }), 401, 'invalid_api_key');
    assertError(await server.api('/api/v1/usage', { key: null, headers: { authorization: `Basic ${server.key}` } }), 401, 'invalid_api_key');
    assertError(await server.api('/api/v1/usage', { key: null, headers: { authorization: 'Bearer ' } }), 401, 'invalid_api_key');
  });

  test('400 invalid_request: unknown members, missing content, bad base64, empty file, wrong types', async () => {
    assertError(await upload({ content: 'aGVsbG8=', surprise: true }), 400, 'invalid_request');
    assertError(await upload({}), 400, 'invalid_request');
    assertError(await upload({ content: '!!notbase64!!' }), 400, 'invalid_request');
    assertError(await upload({ content: '' }), 400, 'invalid_request');
    assertError(await upload({ content: 'aGVsbG8=', raw_text: 'yes' }), 400, 'invalid_request');
    assertError(await upload({ pages: [] }), 400, 'invalid_request');
    assertError(await upload({ pages: [{ content: 'aGVsbG8=', extra: 1 }] }), 400, 'invalid_request');
    assertError(await upload({ content: 'aGVsbG8=', hints: '{"langauge":"et"}' }), 400, 'invalid_request');
    assertError(await upload([1, 2]), 400, 'invalid_request');
    assertError(await upload('just a string'), 400, 'invalid_request');
    assertError(await uploadFile(Buffer.alloc(0)), 400, 'invalid_request');
    const body = '{"content": ';
    assertError(await server.api('/api/v1/documents', { method: 'POST', body, headers: { 'content-type': 'application/json' } }), 400, 'invalid_request');
  });

  test('400 invalid_request: unknown multipart fields and missing file', async () => {
    const pdf = await textPdf([['x']]);
    const extra = formData([{ field: 'file', name: 'a.pdf', bytes: pdf }], { colour: 'blue' });
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: extra }), 400, 'invalid_request');
    const wrongField = formData([{ field: 'upload', name: 'a.pdf', bytes: pdf }]);
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: wrongField }), 400, 'invalid_request');
    const noFile = formData([], { hints: 'x' });
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: noFile }), 400, 'invalid_request');
    const badFlag = formData([{ field: 'file', name: 'a.pdf', bytes: pdf }], { regions: 'maybe' });
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: badFlag }), 400, 'invalid_request');
  });

  test('400 invalid_request: list parameters out of range', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'filter=bogus', `q=${'x'.repeat(255)}`, 'cursor=forged', 'unknown=1']) {
      assertError(await server.api(`/api/v1/documents?${query}`), 400, 'invalid_request');
    }
    assertError(await server.api('/api/v1/metadata/fields?type=receipt'), 400, 'invalid_request');
  });

  test('415 unsupported_media_type: other request types and files that are not documents', async () => {
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    assertError(await server.api('/api/v1/documents', { method: 'POST', body: '<a/>', headers: { 'content-type': 'application/xml' } }), 415, 'unsupported_media_type');
    assertError(await upload({ content: Buffer.from('just some text, no document').toString('base64') }), 415, 'unsupported_media_type');
    const zip = Buffer.from('504b0304140000000800', 'hex');
    assertError(await uploadFile(Buffer.concat([zip, Buffer.alloc(64)])), 415, 'unsupported_media_type');
    // A PNG signature followed by garbage cannot be decoded.
    const brokenPng = Buffer.concat([(await pngImage()).subarray(0, 40), Buffer.alloc(100, 7)]);
    assertError(await uploadFile(brokenPng), 415, 'unsupported_media_type');
  });

  test('413 file_too_large: a file over the limit, a request over the limit, an image of absurd size', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400_000, 32)]);
    assertError(await uploadFile(big), 413, 'file_too_large');
    assertError(await upload({ content: big.toString('base64') }), 413, 'file_too_large');
    const huge = Buffer.alloc(1_600_000, 65).toString('base64');
    assertError(await upload({ content: huge }), 413, 'file_too_large');
    assertError(await uploadFile(await hugeDimensionPng()), 413, 'file_too_large');
  });

  test('413 too_many_pages: PDFs and TIFFs over the page limit', async () => {
    assertError(await uploadFile(await textPdf([['1'], ['2'], ['3'], ['4']])), 413, 'too_many_pages');
    assertError(await uploadFile(await multiPageTiff(4)), 413, 'too_many_pages');
  });

  test('422 pdf_unreadable and pdf_password_required', async () => {
    assertError(await uploadFile(await corruptPdf()), 422, 'pdf_unreadable');
    assertError(await uploadFile(await encryptedPdf()), 422, 'pdf_password_required');
  });

  test('404 not_found for unknown ids and routes', async () => {
    assertError(await server.api('/api/v1/documents/doc_doesnotexist'), 404, 'not_found');
    assertError(await server.api('/api/v1/jobs/job_doesnotexist'), 404, 'not_found');
    assertError(await server.api('/api/v1/nothing-here'), 404, 'not_found');
  });

  test('nothing is half-stored: the failed requests above left no document, job or usage entry', async () => {
    const usage = await server.api('/api/v1/usage');
    assert.equal(usage.body.data.documents, 0);
    assert.equal(usage.body.data.pages, 0);
    assert.equal((await server.api('/api/v1/documents')).body.data.count, 0);
    const { db } = server.services.store;
    assert.equal((await db.selectFrom('files').select('document_id').execute()).length, 0);
    assert.equal((await db.selectFrom('jobs').select('id').execute()).length, 0);
  });

  test('the supported image types are accepted', async () => {
    const images: [string, Buffer, string][] = [
      ['a.jpg', await jpegImage(), 'image/jpeg'],
      ['a.png', await pngImage(), 'image/png'],
      ['a.webp', await webpImage(), 'image/webp'],
      ['a.gif', await gifImage(), 'image/gif'],
      ['a.tiff', await multiPageTiff(2), 'image/tiff'],
      ['a.heic', await heicImage(), 'image/heic'],
    ];
    for (const [name, bytes, type] of images) {
      const res = await uploadFile(bytes, name);
      assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.data.content_type, type);
      assert.equal(res.body.data.pages, name === 'a.tiff' ? 2 : 1);
    }
  });
});
