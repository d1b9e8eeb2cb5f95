// Known vendors over real HTTP, on generated invoices (src/synth/vendor-series.ts): 30 vendors, 5
// invoices each, arriving interleaved. The first invoice of each vendor is corrected where the engine
// read it wrong and approved; the following ones are measured as the service returns them. Every
// fifth invoice of a third of the vendors prints another IBAN. A second suite: two businesses that
// buy from the same vendor never see each other's directory.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateVendorSeries } from '../../src/synth/vendor-series.js';
import type { GeneratedDocument } from '../../src/synth/generate.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

/** LEDGERLENS_VENDOR_SEED measures other vendors (docs/engine.md, Known vendors). */
const SEED = Number(process.env.LEDGERLENS_VENDOR_SEED ?? 7);
const VENDORS = 30;
const PER_VENDOR = 5;
const changesIban = (vendor: number) => vendor % 3 === 0;
const PASSWORD = 'a long enough password';

interface Label {
  vendor?: { name?: string; vat_id?: string };
  banks?: { iban?: string }[];
  total?: number;
  document_number?: string;
  issue_date?: string;
}

interface Shown {
  id: string;
  extraction: { vendor?: { name?: string | null; vat_id?: string | null } | null; banks?: { iban: string | null }[] | null; total?: number | null; document_number?: string | null; issue_date?: string | null };
  field_status: Record<string, { status: string; review: boolean }>;
  warnings: string[];
}

/** Each checked field: its path in the Document, its value there and in the label. */
const FIELDS = {
  'vendor.name': { shown: (d: Shown) => d.extraction.vendor?.name ?? null, label: (l: Label) => l.vendor?.name ?? null },
  'vendor.vat_id': { shown: (d: Shown) => d.extraction.vendor?.vat_id ?? null, label: (l: Label) => l.vendor?.vat_id ?? null },
  'banks[0].iban': { shown: (d: Shown) => d.extraction.banks?.[0]?.iban ?? null, label: (l: Label) => l.banks?.[0]?.iban ?? null },
  total: { shown: (d: Shown) => d.extraction.total ?? null, label: (l: Label) => l.total ?? null },
  document_number: { shown: (d: Shown) => d.extraction.document_number ?? null, label: (l: Label) => l.document_number ?? null },
  issue_date: { shown: (d: Shown) => d.extraction.issue_date ?? null, label: (l: Label) => l.issue_date ?? null },
} as const;
type Field = keyof typeof FIELDS;

const rightIn = (document: Shown, label: Label, field: Field) => FIELDS[field].shown(document) === FIELDS[field].label(label);
const percent = (right: number, of: number) => (of ? (100 * right) / of : 100);

async function startWithOwner(): Promise<{ server: TestServer; owner: DashboardClient; businessA: string; businessB: string }> {
  const server = await startTestServer();
  await server.services.owners.create('reviewer@example.com', PASSWORD);
  const owner = await signIn(server.baseUrl, 'reviewer@example.com', PASSWORD);
  const businesses = await server.services.keys.listBusinesses();
  return { server, owner, businessA: businesses.find((b) => b.name === 'Business A')!.id, businessB: businesses.find((b) => b.name === 'Business B')!.id };
}

async function upload(server: TestServer, document: GeneratedDocument, key?: string): Promise<Shown> {
  const response = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: `${document.id}.pdf`, bytes: Buffer.from(document.bytes), type: 'application/pdf' }]), ...(key ? { key } : {}) });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data as Shown;
}

/** The desk's work: each checked field the engine read wrong is given its printed value, then the document is approved. */
async function correctAndApprove(owner: DashboardClient, business: string, document: Shown, label: Label, overrides: Partial<Record<Field, unknown>> = {}): Promise<Field[]> {
  owner.business = business;
  const wrong = (Object.keys(FIELDS) as Field[]).filter((field) => FIELDS[field].label(label) !== null && (field in overrides || !rightIn(document, label, field)));
  const corrections = wrong.map((path) => ({ path, value: path in overrides ? overrides[path] : FIELDS[path].label(label) }));
  if (corrections.length) {
    const corrected = await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections } });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
  }
  const approved = await owner.call('POST', `/business/documents/${document.id}/approve`);
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  return wrong;
}

const ibanFlagged = (document: Shown) =>
  document.field_status['banks[0].iban']?.status === 'review' && document.field_status['banks[0].iban']?.review === true && document.warnings.some((w) => w.startsWith('vendor_iban_changed: banks[0].iban '));

describe('known vendors', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let businessA: string;

  before(async () => {
    ({ server, owner, businessA } = await startWithOwner());
  });
  after(async () => {
    await server.close();
  });

  test('after a vendor\'s first invoice is corrected and approved, its next invoices are read right and a changed IBAN is flagged', { timeout: 900_000 }, async (t) => {
    const series = await Promise.all(Array.from({ length: VENDORS }, (_, v) => generateVendorSeries(SEED, v, { documents: PER_VENDOR, changedIbanAt: changesIban(v) ? PER_VENDOR - 1 : undefined })));
    const corrected = new Map<number, Field[]>();
    const tally = new Map<string, { right: number; of: number }>();
    const count = (key: string, right: boolean) => {
      const entry = tally.get(key) ?? { right: 0, of: 0 };
      tally.set(key, { right: entry.right + (right ? 1 : 0), of: entry.of + 1 });
    };
    const missed: string[] = [];
    // Invoices arrive interleaved: every vendor's first, then every vendor's second, …
    for (let i = 0; i < PER_VENDOR; i++) {
      for (let v = 0; v < VENDORS; v++) {
        const generated = series[v]![i]!;
        const label = generated.label as Label;
        const shown = await upload(server, generated);
        if (i === 0) {
          corrected.set(v, await correctAndApprove(owner, businessA, shown, label));
          continue;
        }
        const measure = (key: string, field: Field) => {
          count(key, rightIn(shown, label, field));
          if (!rightIn(shown, label, field)) missed.push(`${generated.id} ${field}: ${String(FIELDS[field].shown(shown))} for ${String(FIELDS[field].label(label))}`);
        };
        for (const field of ['vendor.name', 'vendor.vat_id', 'banks[0].iban'] as const) measure('identity', field);
        for (const field of ['total', 'document_number', 'issue_date'] as const) if (corrected.get(v)!.includes(field)) measure(field, field);
        const changed = changesIban(v) && i === PER_VENDOR - 1;
        count(changed ? 'changed iban flagged' : 'unchanged iban left alone', changed ? ibanFlagged(shown) : !ibanFlagged(shown));
      }
    }
    const figure = (key: string) => {
      const { right, of } = tally.get(key) ?? { right: 0, of: 0 };
      return { value: percent(right, of), text: `${key}: ${right}/${of} = ${percent(right, of).toFixed(1)} %` };
    };
    const correctedCounts = Object.fromEntries((['vendor.name', 'vendor.vat_id', 'banks[0].iban', 'total', 'document_number', 'issue_date'] as Field[]).map((f) => [f, [...corrected.values()].filter((list) => list.includes(f)).length]));
    t.diagnostic(`first invoices corrected, by field (of ${VENDORS} vendors): ${JSON.stringify(correctedCounts)}`);
    for (const key of ['identity', 'total', 'document_number', 'issue_date', 'changed iban flagged', 'unchanged iban left alone']) t.diagnostic(figure(key).text);
    if (missed.length) t.diagnostic(`still wrong: ${missed.join('; ')}`);

    assert.ok(figure('identity').value >= 99, figure('identity').text);
    // The measure means something only where first invoices needed the correction.
    assert.ok((tally.get('total')?.of ?? 0) > 0 && (tally.get('document_number')?.of ?? 0) > 0, JSON.stringify(correctedCounts));
    assert.ok(figure('total').value >= 95, figure('total').text);
    assert.ok(figure('document_number').value >= 95, figure('document_number').text);
    assert.equal(figure('changed iban flagged').value, 100, figure('changed iban flagged').text);
    assert.equal(figure('unchanged iban left alone').value, 100, figure('unchanged iban left alone').text);
  });
});

describe('known vendors of two businesses', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let businessA: string;
  let businessB: string;

  before(async () => {
    ({ server, owner, businessA, businessB } = await startWithOwner());
  });
  after(async () => {
    await server.close();
  });

  const vendorsOf = async (business: string) => {
    owner.business = business;
    const response = await owner.call('GET', '/business/vendors');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.items as { id: string; name: string; ibans: string[] }[];
  };

  test('a vendor both buy from is known to each by what each approved, and nothing of one reaches the other', { timeout: 300_000 }, async () => {
    const [first, second, third, fourth] = await generateVendorSeries(SEED + 1, 4, { documents: 4, changedIbanAt: 2 });
    const printed = (first!.label as Label).vendor!.name!;
    const nameOfA = `${printed} (as A books it)`;
    const nameOfB = `${printed} (as B books it)`;

    // A approves the vendor under a name of its own.
    const atA = await upload(server, first!);
    await correctAndApprove(owner, businessA, atA, first!.label as Label, { 'vendor.name': nameOfA });
    assert.deepEqual((await vendorsOf(businessA)).map((v) => v.name), [nameOfA]);

    // B knows no vendor: its invoice from the same vendor is the engine's reading, untouched.
    assert.deepEqual(await vendorsOf(businessB), []);
    const atB = await upload(server, second!, server.otherKey);
    assert.equal(atB.extraction.vendor?.name, printed);
    assert.ok(!Object.values(atB.field_status).some((s) => s.status === 'enriched'), JSON.stringify(atB.field_status));
    const changedAtB = await upload(server, third!, server.otherKey);
    assert.ok(!ibanFlagged(changedAtB), 'B was never paid to the vendor: no account of it is known to B');

    // A's next invoice from the vendor: A's name, and the changed account flagged.
    const againAtA = await upload(server, second!);
    assert.equal(againAtA.extraction.vendor?.name, nameOfA);
    assert.equal(againAtA.field_status['vendor.name']?.status, 'enriched');
    assert.ok(ibanFlagged(await upload(server, third!)));

    // B approves the vendor under its own name; A's directory does not change, nor does its next invoice.
    await correctAndApprove(owner, businessB, atB, second!.label as Label, { 'vendor.name': nameOfB });
    assert.deepEqual((await vendorsOf(businessB)).map((v) => v.name), [nameOfB]);
    const [vendorOfA] = await vendorsOf(businessA);
    assert.equal(vendorOfA!.name, nameOfA);
    assert.equal((await upload(server, fourth!)).extraction.vendor?.name, nameOfA);
    assert.equal((await upload(server, fourth!, server.otherKey)).extraction.vendor?.name, nameOfB);

    // One business cannot read, edit, merge or delete the other's vendor.
    owner.business = businessB;
    for (const [method, path, json] of [['GET', '', undefined], ['PATCH', '', { name: 'x' }], ['DELETE', '', undefined], ['POST', '/merge', { into: vendorOfA!.id }]] as const) {
      const response = await owner.call(method, `/business/vendors/${vendorOfA!.id}${path}`, json ? { json } : {});
      assert.equal(response.status, 404, `${method} ${path}: ${JSON.stringify(response.body)}`);
    }
    assert.deepEqual((await vendorsOf(businessA)).map((v) => v.name), [nameOfA]);

    // Deleting A's only approved invoice of the vendor takes the vendor from A's directory, not from B's.
    owner.business = businessA;
    assert.equal((await server.api(`/api/v1/documents/${atA.id}`, { method: 'DELETE' })).status, 200);
    assert.deepEqual(await vendorsOf(businessA), []);
    assert.deepEqual((await vendorsOf(businessB)).map((v) => v.name), [nameOfB]);
    assert.equal((await upload(server, fourth!)).extraction.vendor?.name, printed);
  });
});
