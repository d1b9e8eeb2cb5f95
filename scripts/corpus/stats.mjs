// The manifest's counts against the floors the corpus is built to (corpus/README.md, Floors).
import { familyOf } from './manifest.mjs';
import { vendorGroup } from './split.mjs';

export const FLOORS = {
  documents: 500,
  vendors: 150,
  invoices: 150, // invoices that are not e-invoice library samples
  invoiceLanguages: 10,
  receipts: 150,
  receiptPhotos: 75,
  bills: 40,
  creditNotes: 30,
  invoiceScansAndPhotos: 60,
  languagesWith15: 10,
};

export function corpusStats(docs) {
  const count = (pred) => docs.filter(pred).length;
  const byLanguage = new Map();
  for (const d of docs) byLanguage.set(d.language, (byLanguage.get(d.language) ?? 0) + 1);
  const invoices = docs.filter((d) => d.kind === 'invoice' && !d.einvoice);
  const families = new Map();
  for (const d of docs) {
    const f = families.get(familyOf(d)) ?? { open: 0, sealed: 0 };
    f[d.split ?? 'open']++;
    families.set(familyOf(d), f);
  }
  return {
    documents: docs.length,
    vendors: new Set(docs.map((d) => vendorGroup(d.vendor))).size,
    invoices: invoices.length,
    invoiceLanguages: new Set(invoices.map((d) => d.language)).size,
    receipts: count((d) => d.kind === 'receipt'),
    receiptPhotos: count((d) => d.kind === 'receipt' && d.medium === 'photo'),
    bills: count((d) => d.kind === 'bill'),
    creditNotes: count((d) => d.kind === 'credit_note'),
    invoiceScansAndPhotos: count((d) => d.kind !== 'receipt' && d.medium !== 'text_pdf'),
    languagesWith15: [...byLanguage.values()].filter((n) => n >= 15).length,
    einvoices: count((d) => d.einvoice),
    template: count((d) => d.template),
    sealed: count((d) => d.split === 'sealed'),
    byLanguage: [...byLanguage].sort((a, b) => b[1] - a[1]),
    families: [...families].sort((a, b) => a[0].localeCompare(b[0])),
  };
}

export function printStats(s) {
  console.log('| measure | count | floor |');
  console.log('|---|---:|---:|');
  for (const [key, floor] of Object.entries(FLOORS)) console.log(`| ${key} | ${s[key]} | ${floor}${s[key] >= floor ? '' : ' (short)'} |`);
  console.log(`| e-invoice samples (on top) | ${s.einvoices} | – |`);
  console.log(`| rendered by another project's template | ${s.template} | ≤ ${Math.floor(s.documents / 3)} (a third) |`);
  console.log(`| sealed | ${s.sealed} | ~30 % |`);
  console.log(`\nLanguages: ${s.byLanguage.map(([l, n]) => `${l} ${n}`).join(', ')}`);
  console.log('\n| family | open | sealed |');
  console.log('|---|---:|---:|');
  for (const [family, f] of s.families) console.log(`| ${family} | ${f.open} | ${f.sealed} |`);
}
