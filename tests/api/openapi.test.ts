// The published OpenAPI description as a client generator reads it: named schemas referenced by
// $ref, servers, the document.processed webhook with its signature headers, and a document that
// passes an independent validator and Redocly's recommended rules.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Document } from '../../src/schemas/document.schema.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const NAMED = [
  'Document', 'DocumentSummary', 'DocumentFields', 'Party', 'LineItem', 'VatRate', 'Bank', 'Payment', 'Region', 'FieldStatus',
  'Job', 'BatchAccepted', 'DocumentList', 'Pagination', 'Callback', 'Delivery', 'Usage', 'PublicError', 'Meta', 'CallbackEvent',
  'DocumentResponse', 'DocumentListResponse', 'BatchAcceptedResponse', 'JobResponse', 'CallbackResponse', 'UsageResponse',
  'DeletionResponse', 'ErrorResponse', 'JsonUpload', 'MultipartUpload', 'SetCallbackRequest',
];

type Json = any;

/** Every object in the tree, with the path to it. */
function* walk(node: Json, path = '#'): Generator<[string, Json]> {
  if (typeof node !== 'object' || node === null) return;
  yield [path, node];
  for (const [key, value] of Object.entries(node)) yield* walk(value, `${path}/${key}`);
}

describe('/openapi.json', () => {
  let server: TestServer;
  let doc: Json;
  let text: string;
  before(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    text = await res.text();
    doc = JSON.parse(text);
  });
  after(() => server.close());

  test('the shapes are named components, defined once and used by $ref', () => {
    const schemas = doc.components.schemas;
    for (const name of NAMED) assert.ok(schemas[name], `components.schemas.${name}`);
    // Outside components no schema is written inline under a name: each use is a $ref.
    const inline = [...walk({ paths: doc.paths, webhooks: doc.webhooks })].filter(([, node]) => typeof node.title === 'string' && typeof node.type === 'string');
    assert.deepEqual(inline.map(([path]) => path), []);
    assert.equal(text.split('"title":"Document"').length - 1, 1, 'the Document schema is written once');
    const get = doc.paths['/api/v1/documents/{document_id}'].get;
    assert.deepEqual(get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/DocumentResponse' });
    assert.deepEqual(get.responses['404'].content['application/json'].schema, { $ref: '#/components/schemas/ErrorResponse' });
    assert.equal(get.responses['404'].description, 'not_found');
    assert.deepEqual(schemas.DocumentResponse.properties.data, { $ref: '#/components/schemas/Document' });
    assert.deepEqual(schemas.Document.properties.extraction, { $ref: '#/components/schemas/DocumentFields' });
    assert.deepEqual(schemas.DocumentFields.properties.line_items.items, { $ref: '#/components/schemas/LineItem' });
    assert.deepEqual(schemas.Job.properties.error.anyOf[0], { $ref: '#/components/schemas/PublicError' });
    // The components are the TypeBox schemas that validate and serialize: one source.
    assert.deepEqual(schemas.Document.required, Document.required);
    assert.deepEqual(Object.keys(schemas.Document.properties), Object.keys(Document.properties));
  });

  test('every $ref resolves, and every component is used', () => {
    const refs = new Set([...walk(doc)].map(([, node]) => node.$ref).filter((ref): ref is string => typeof ref === 'string'));
    const names = Object.keys(doc.components.schemas);
    for (const ref of refs) assert.ok(names.includes(ref.replace('#/components/schemas/', '')), ref);
    for (const name of names) assert.ok(refs.has(`#/components/schemas/${name}`), `${name} is referenced`);
  });

  test('servers are declared', () => {
    assert.ok(doc.servers.length >= 1);
    const [first] = doc.servers;
    assert.equal(first.url, '{origin}');
    assert.match(first.variables.origin.default, /^https?:\/\//);
  });

  test('the document.processed event and its signature headers are described under webhooks', () => {
    const hook = doc.webhooks['document.processed'].post;
    assert.deepEqual(hook.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/CallbackEvent' });
    const headers = Object.fromEntries(hook.parameters.filter((p: Json) => p.in === 'header').map((p: Json) => [p.name, p]));
    assert.deepEqual(Object.keys(headers).sort(), ['X-Service-Event-Id', 'X-Service-Signature', 'X-Service-Timestamp']);
    assert.ok(Object.values(headers).every((h: Json) => h.required && h.description));
    assert.ok(new RegExp(headers['X-Service-Signature'].schema.pattern).test(`v1=${'ab'.repeat(32)}`));
    assert.ok(hook.responses['2XX']);
    const event = doc.components.schemas.CallbackEvent;
    assert.deepEqual(event.properties.data, { $ref: '#/components/schemas/Document' });
    assert.deepEqual(event.properties.type.const ?? event.properties.type.enum?.[0], 'document.processed');
  });

  test('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(doc));
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
  });

  test("Redocly's recommended ruleset finds no errors", async () => {
    // A devDependency (@redocly/openapi-core); imported by name so this file compiles without it.
    const redoclyCore = '@redocly/openapi-core';
    const { createConfig, lintFromString } = await import(redoclyCore);
    const config = await createConfig({ extends: ['recommended'] });
    const problems: { severity: string; ruleId: string; message: string }[] = await lintFromString({ source: text, absoluteRef: '/openapi.json', config });
    assert.deepEqual(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`), []);
    assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`), [], 'no warnings either');
  });

  test('the dashboard types are these schemas, not a hand copy', async () => {
    const types = await readFile(new URL('../../../web/src/types.ts', import.meta.url), 'utf8');
    assert.doesNotMatch(types, /\binterface\b|=\s*\{/, 'web/src/types.ts declares no shape of its own');
    for (const name of ['DocumentDetail', 'DocumentList', 'Callback', 'Usage', 'SessionInfo']) assert.match(types, new RegExp(`\\b${name}\\b`));
    assert.match(types, /from '\.\.\/\.\.\/src\/schemas\/document\.schema\.js'/);
  });
});
