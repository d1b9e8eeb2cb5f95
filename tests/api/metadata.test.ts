// Metadata endpoints and the published OpenAPI description.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestServer, type TestServer } from '../helpers/server.js';

const TOP_LEVEL_FIELDS = [
  'document_number', 'issue_date', 'due_date', 'currency', 'subtotal', 'vat_amount', 'rounding', 'total', 'amount_due',
  'vat_rates', 'vendor', 'customer', 'line_items', 'banks', 'account_number', 'previous_balance', 'payments_credits',
  'service_address', 'consumption', 'payment',
];

describe('metadata and OpenAPI', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('document types: one type with its field count', async () => {
    const res = await server.api('/api/v1/metadata/document-types');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.items, [{ id: 'document', label: res.body.data.items[0].label, fields: TOP_LEVEL_FIELDS.length }]);
  });

  test('fields: every top-level DocumentFields member, typed, nullable except line_items', async () => {
    for (const path of ['/api/v1/metadata/fields', '/api/v1/metadata/fields?type=document']) {
      const res = await server.api(path);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.type, 'document');
      const fields = res.body.data.fields;
      assert.deepEqual(Object.keys(fields).sort(), [...TOP_LEVEL_FIELDS].sort());
      assert.deepEqual(fields.line_items, { type: 'array', nullable: false, description: fields.line_items.description });
      assert.equal(fields.issue_date.type, 'date');
      assert.equal(fields.total.type, 'number');
      assert.equal(fields.vendor.type, 'object');
      assert.equal(fields.currency.type, 'string');
      for (const [name, field] of Object.entries<{ nullable: boolean; description: string }>(fields)) {
        if (name !== 'line_items') assert.equal(field.nullable, true, name);
        assert.ok(field.description.length > 0, `${name} has a description`);
      }
    }
  });

  test('/openapi.json: OpenAPI 3.1.0, version 1.1.0, every operation with nested schemas', async () => {
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as any;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.1.0');
    const operations = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    assert.deepEqual(operations.sort(), [
      'DELETE /api/v1/documents/{document_id} delete-document',
      'GET /api/v1/callback get-callback',
      'GET /api/v1/documents list-documents',
      'GET /api/v1/documents/{document_id} get-document',
      'GET /api/v1/jobs/{job_id} get-job',
      'GET /api/v1/metadata/document-types list-document-types',
      'GET /api/v1/metadata/fields list-fields',
      'GET /api/v1/usage get-usage',
      'POST /api/v1/documents create-document',
      'POST /api/v1/documents/batch create-batch',
      'PUT /api/v1/callback set-callback',
    ].sort());
    const upload = doc.paths['/api/v1/documents'].post;
    assert.ok(upload.requestBody.content['multipart/form-data']);
    assert.ok(upload.requestBody.content['application/json']);
    assert.deepEqual(Object.keys(upload.responses).sort(), ['200', '400', '401', '402', '413', '415', '422', '429', '500', '502', '503']);
    const text = JSON.stringify(doc);
    // Nested schemas are published: LineItem members, Party members, Region box.
    for (const member of ['net_unit_price', 'discount_percent', 'registry_code', 'document_address', 'swift_bic', 'card_last4', 'normalized_value']) {
      assert.ok(text.includes(`"${member}"`), member);
    }
    assert.deepEqual(Object.keys(doc.paths['/api/v1/documents/batch'].post.responses).includes('202'), true);
  });

  test('/openapi.json passes an independent OpenAPI 3.1 validator', async () => {
    const doc = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const result = await validate(doc as never);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
  });

  test('a readable API reference page is served', async () => {
    const res = await fetch(`${server.baseUrl}/docs/`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<html/i);
  });

  test('health probes', async () => {
    assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    assert.equal(ready.status, 200);
    const body = (await ready.json()) as { status: string; ocr: { engine: string; version: string; languages: string[] } };
    assert.equal(body.status, 'ready');
    assert.ok(['tesseract', 'tesseract.js'].includes(body.ocr.engine), `OCR engine reported: ${body.ocr.engine}`);
    assert.match(body.ocr.version, /\d/);
    assert.ok(body.ocr.languages.includes('eng'), 'English is always available');
  });
});
