import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { reconcile } from '../reconcile/reconcile.js';
import { applyDecisions, fieldEntries } from './draft.js';
import { findFields } from './find-fields.js';
import { findLabels } from './find-labelled.js';

const fieldsOf = (text: string | string[], hints = {}) => {
  const pages = (Array.isArray(text) ? text : [text]).map((t, i) => textPage(t, { page: i + 1 }));
  const { draft, kind } = findFields(buildTextDocument(pages), hints);
  const { decisions, warnings } = reconcile(draft, kind);
  applyDecisions(draft, decisions);
  const byPath = new Map(fieldEntries(draft).map(({ path, found }) => [path, found]));
  return { value: (path: string) => byPath.get(path)?.value, status: (path: string) => byPath.get(path)?.status, warnings, kind };
};

describe('header fields', () => {
  it('takes the due date, not the "past due date" after which a late fee is charged', () => {
    const f = fieldsOf(`Account Number 12-3456          Bill Date 02/25/2021
Due Date:   3/8/2021            Consumption 742 @ $4.06      $ 3,012.52
TOTAL AMOUNT DUE                                             $ 3,256.34
AMOUNT DUE BY (3/8/2021)                                     $ 3,256.34
PAST DUE DATE (03/30/2021)*`);
    assert.equal(f.value('due_date'), '2021-03-08');
    const labels = findLabels(buildTextDocument([textPage('PAST DUE DATE (03/30/2021)\nDue Date: 3/8/2021')]), 'dueDate');
    assert.deepEqual(labels.map((hit) => hit.line.text), ['Due Date: 3/8/2021'], 'a late fee\'s date is labelled by another label');
  });

  it('reads number and date from a German title line and totals from their labels', () => {
    const f = fieldsOf(`Lieferant GmbH · Lieferantenstraße 20 · 80333 München
Handelsrechnung Nr. 471102 vom 05.06.2018
Kunden AG Mitte
Kundenstraße 15
69876 Frankfurt

Nettobetrag          193,77 EUR
USt. 19 %             21,30 EUR
Gesamtbetrag         215,07 EUR`);
    assert.equal(f.value('document_number'), '471102');
    assert.equal(f.value('issue_date'), '2018-06-05');
    assert.equal(f.value('subtotal'), 193.77);
    assert.equal(f.value('vat_amount'), 21.3);
    assert.equal(f.value('total'), 215.07);
    assert.equal(f.value('currency'), 'EUR');
    assert.equal(f.value('vendor.name'), 'Lieferant GmbH');
    assert.equal(f.value('customer.name'), 'Kunden AG Mitte');
    assert.equal(f.value('customer.postal_code'), '69876');
    assert.equal(f.value('customer.city'), 'Frankfurt');
    assert.deepEqual(f.warnings, []);
  });

  it('takes a value from the cell under its label (a header row over a value row)', () => {
    const f = fieldsOf(`Factuur
Klant              Factuurnummer     Factuur datum     Vervaldatum
SCONL0303          VF1005193039      8-9-2022          22-9-2022
Totaal EUR 49,99`);
    assert.equal(f.value('document_number'), 'VF1005193039');
    assert.equal(f.value('issue_date'), '2022-09-08');
    assert.equal(f.value('due_date'), '2022-09-22');
  });

  it('decides day/month order from the other dates of the document', () => {
    const us = fieldsOf(`INVOICE
Invoice Date: 03/04/2024
Due Date: 03/28/2024
Total $ 120.00`);
    assert.equal(us.value('issue_date'), '2024-03-04');
    assert.equal(us.value('due_date'), '2024-03-28');
    const eu = fieldsOf(`INVOICE
Invoice Date: 03/04/2024
Due Date: 28/04/2024
Total 120,00 €`);
    assert.equal(eu.value('issue_date'), '2024-04-03');
  });

  it('reads Estonian labels with their diacritics', () => {
    const f = fieldsOf(`Arve nr 2024-117
Kuupäev 05.01.2024
Maksetähtaeg 19.01.2024
Summa käibemaksuta   100,00
Käibemaks 22%         22,00
Kokku tasuda         122,00 EUR`);
    assert.equal(f.value('document_number'), '2024-117');
    assert.equal(f.value('issue_date'), '2024-01-05');
    assert.equal(f.value('due_date'), '2024-01-19');
    assert.equal(f.value('total'), 122);
    assert.equal(f.value('vat_amount'), 22);
  });

  it('keeps credit-note amounts negative in every printed form', () => {
    const f = fieldsOf(`Credit note no. CN-7
Date: 2024-02-01
Subtotal        (100.00)
VAT 20%          20.00-
Total          -120.00 EUR`);
    assert.equal(f.kind, 'credit_note');
    assert.equal(f.value('subtotal'), -100);
    assert.equal(f.value('vat_amount'), -20);
    assert.equal(f.value('total'), -120);
  });

  it('takes the total that adds up when the same label repeats on every page', () => {
    const f = fieldsOf([
      `Invoice no. 55
Date 01.02.2024
Total carried forward   80,00`,
      `Subtotal   100,00
VAT          20,00
Total       120,00 EUR`,
    ]);
    assert.equal(f.value('total'), 120);
    assert.equal(f.value('subtotal'), 100);
  });

  it('marks totals that do not add up for review and says so', () => {
    const f = fieldsOf(`Invoice no. 9
Date 01.02.2024
Subtotal   100,00
VAT         20,00
Total      125,00 EUR`);
    assert.equal(f.status('total'), 'review');
    assert.equal(f.status('subtotal'), 'review');
    assert.match(f.warnings.join(), /totals_do_not_add_up/);
  });

  it('derives the missing member of subtotal + VAT = total', () => {
    const f = fieldsOf(`Invoice no. 10
Date 01.02.2024
Net amount   100.00
VAT           20.00`);
    assert.equal(f.value('total'), 120);
    assert.equal(f.status('total'), 'derived');
  });

  it('finds banks by IBAN checksum with their BIC and enriches country from the VAT id', () => {
    const f = fieldsOf(`Rechnung Nr. 1
Lieferant:
Muster GmbH
Musterweg 1
10115 Berlin
USt-IdNr.: DE811907980
IBAN: DE89 3704 0044 0532 0130 00   BIC: COBADEFFXXX
IBAN: DE00 0000 0000 0000 0000 00
Gesamtbetrag 10,00 EUR`);
    assert.equal(f.value('banks[0].iban'), 'DE89370400440532013000');
    assert.equal(f.value('banks[0].swift_bic'), 'COBADEFFXXX');
    assert.equal(f.value('banks[1].iban'), 'DE00000000000000000000', 'an IBAN printed after its label is kept as printed');
    assert.equal(f.status('banks[1].iban'), 'review', '… but one whose checksum fails goes to a person');
    assert.equal(f.value('vendor.vat_id'), 'DE811907980');
    assert.equal(f.value('vendor.name'), 'Muster GmbH');
    assert.equal(f.value('vendor.country'), 'DE');
  });

  it('keeps a VAT id whose checksum fails, as printed, for review', () => {
    const f = fieldsOf(`Verkäufer
Name:      Lieferant GmbH
USt.-Id.-Nr.:   DE123456789
Rechnung Nr. 5 vom 01.01.2024
Gesamtbetrag 10,00 EUR`);
    assert.equal(f.value('vendor.vat_id'), 'DE123456789');
    assert.equal(f.status('vendor.vat_id'), 'review');
  });
});
