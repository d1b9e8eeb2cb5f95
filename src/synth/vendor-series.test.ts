import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from './cli.js';
import { generateVendorSeries } from './vendor-series.js';

type Label = { vendor?: { name?: string; vat_id?: string }; banks?: { iban?: string }[]; document_number?: string; total?: number; _source: { layout: string[] } };

test("a vendor's invoices keep its name, VAT id, account and layout; numbers and totals change; one may print another IBAN", async () => {
  const series = await generateVendorSeries(3, 5, { documents: 4, changedIbanAt: 3 });
  const labels = series.map((d) => d.label as Label);
  assert.equal(new Set(labels.map((l) => `${l.vendor?.name}|${l.vendor?.vat_id}`)).size, 1);
  assert.ok(labels[0]!.vendor?.name && labels[0]!.vendor.vat_id);
  assert.equal(new Set(labels.slice(0, 3).map((l) => l.banks?.[0]?.iban)).size, 1);
  assert.ok(labels[0]!.banks?.[0]?.iban);
  assert.notEqual(labels[3]!.banks?.[0]?.iban, labels[0]!.banks?.[0]?.iban);
  assert.equal(new Set(labels.map((l) => l.document_number)).size, 4);
  assert.equal(new Set(labels.map((l) => l.total)).size, 4);
  const layoutOf = (l: Label) => l._source.layout.filter((part) => !part.startsWith('columns:') && !part.startsWith('vat-table:') && !part.startsWith('pages:')).join(' ');
  assert.equal(new Set(labels.map(layoutOf)).size, 1);
  const again = await generateVendorSeries(3, 5, { documents: 4, changedIbanAt: 3 });
  assert.ok(series.every((d, i) => Buffer.from(d.bytes).equals(Buffer.from(again[i]!.bytes))), 'same bytes for the same seed and vendor');
});

test('synth --vendors writes each vendor\'s invoices with labels beside them; bad counts exit 2', async () => {
  const out = mkdtempSync(join(tmpdir(), 'synth-vendors-'));
  try {
    assert.equal(await main(['--vendors', '2', '--per-vendor', '2', '--changed-iban-every', '2', '--seed', '3', '--out', out]), 0);
    const files = readdirSync(join(out, 'pdf')).sort();
    assert.equal(files.filter((f) => f.endsWith('.pdf')).length, 4);
    const [first] = await generateVendorSeries(3, 0, { documents: 2, changedIbanAt: 1 });
    assert.ok(readFileSync(join(out, 'pdf', `${first!.id}.pdf`)).equals(Buffer.from(first!.bytes)));
    assert.equal(await main(['--vendors', '0', '--out', out]), 2);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
