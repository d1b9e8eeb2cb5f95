// Golden tests: real documents from the labelled corpus through the whole pipeline (in-process, no
// server), checked against their labels on the fields the engine promises to read from the page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { detectMediaType } from '../../src/ingest/media-type.js';
import { extract } from '../../src/pipeline/extract.js';

const dir = new URL('../../../tests/fixtures/golden/', import.meta.url);
const limits = { maxPages: 200, maxPixels: 100_000_000, maxDecodedBytes: 512 * 1024 * 1024, maxDecodedStreamBytes: 32 * 1024 * 1024 };

async function run(name: string, file: string, ignoreEmbeddedXml: boolean) {
  const bytes = await readFile(new URL(file, dir));
  const label = JSON.parse(await readFile(new URL(`${name}.expected.json`, dir), 'utf8'));
  const outcome = await extract({ bytes, mediaType: await detectMediaType(bytes), filename: file, hints: {}, limits, ignoreEmbeddedXml });
  return { label, outcome, fields: outcome.extraction as Record<string, unknown> };
}

const HEADER = ['document_number', 'issue_date', 'currency', 'subtotal', 'vat_amount', 'total'];

describe('golden documents, reading the page', () => {
  for (const name of ['zc_EN16931_Rabatte', 'zc_ZUGFeRD_1p0_BASIC_Einfach', 'AzureInterior']) {
    it(`${name}: header fields as labelled`, async () => {
      const { label, fields, outcome } = await run(name, `${name}.pdf`, true);
      assert.equal(outcome.is_document, true);
      for (const key of HEADER.filter((k) => k in label)) assert.deepEqual(fields[key], label[key], key);
      assert.ok(outcome.regions?.total, 'the total has a region on the page');
    });
  }

  it('zc_EN16931_Rabatte: parties and VAT groups', async () => {
    const { label, fields } = await run('zc_EN16931_Rabatte', 'zc_EN16931_Rabatte.pdf', true);
    const vendor = fields.vendor as Record<string, unknown>;
    const customer = fields.customer as Record<string, unknown>;
    for (const key of ['name', 'address', 'postal_code', 'city', 'vat_id']) assert.equal(vendor[key], label.vendor[key], `vendor.${key}`);
    for (const key of ['name', 'postal_code', 'city']) assert.equal(customer[key], label.customer[key], `customer.${key}`);
    assert.deepEqual(fields.vat_rates, label.vat_rates);
  });
});

describe('golden documents, line items read from the page', () => {
  for (const name of ['zc_EN16931_Rabatte', 'zc_ZUGFeRD_1p0_BASIC_Einfach']) {
    it(`${name}: every labelled line item member`, async () => {
      const { label, fields, outcome } = await run(name, `${name}.pdf`, true);
      assert.deepEqual(pick(fields.line_items, label.line_items), label.line_items);
      assert.ok(outcome.regions?.['line_items[0].subtotal'], 'a line amount has a region on the page');
    });
  }
});

describe('golden documents, embedded XML', () => {
  it('zc_EN16931_Rabatte: every labelled field from the XML, line items included', async () => {
    const { label, fields, outcome } = await run('zc_EN16931_Rabatte', 'zc_EN16931_Rabatte.pdf', false);
    for (const key of [...HEADER, 'amount_due', 'vat_rates', 'vendor', 'customer']) {
      if (key in label) assert.deepEqual(pick(fields[key], label[key]), label[key], key);
    }
    assert.equal((fields.line_items as unknown[]).length, label.line_items.length);
    assert.ok(!outcome.warnings.some((w) => w.startsWith('embedded_xml')), outcome.warnings.join());
  });
});

/** The members of `value` that the label has, so extra (unlabelled) members do not fail the comparison. */
function pick(value: unknown, shape: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(value)) return value.map((v, i) => pick(v, shape[i]));
  if (shape && typeof shape === 'object' && value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(shape).map((k) => [k, pick((value as Record<string, unknown>)[k], (shape as Record<string, unknown>)[k])]));
  }
  return value;
}
