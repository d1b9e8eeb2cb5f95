import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findDates } from './dates.js';

const issueDateOf = (text: string) => findDates(buildContext(buildTextDocument([textPage(text)]), {})).issue_date?.value;

describe('issue date', () => {
  it('reads the dateline of a letter ("München, den …") over a print date in the footer', () => {
    const text = `Muster GmbH                         Rechnungsnummer:   2015738820
z. Hd. Herr Mustermann              München, den       01.11.2024
Musterweg 1
60325 Frankfurt am Main
${'\n'.repeat(12)}Bankverbindung: Musterbank   Datum:   30.10.2024   Zeit: 04:59:13`;
    assert.equal(issueDateOf(text), '2024-11-01');
  });

  it('reads a billing date', () => {
    assert.equal(issueDateOf('Jun 28, 2019   Payment Received\nBILLING DATE:   Jul 10, 2019\nDUE DATE:   Jul 29, 2019'), '2019-07-10');
  });

  it('reads the date of a title whose date wrapped onto the next line', () => {
    assert.equal(issueDateOf('Version 2.1 vom 24.03.2020\nRechnung des Versicherers Nr. 01.234.567.8-2018-1 vom\n06.12.2018'), '2018-12-06');
  });

  it('reads an unlabelled date after an order number, but not an order date', () => {
    assert.equal(issueDateOf('SUSHI KING\nOrder No. 1000219 11/03/2018 06:20 PM\nTOTAL 12.00'), '2018-03-11');
    assert.equal(issueDateOf('SUSHI KING\nOrder date 09/03/2018\nPrinted 11/03/2018\nTOTAL 12.00'), '2018-03-11');
  });

  it('reads the date after the number on the title line', () => {
    assert.equal(issueDateOf('Version 2.1 vom 24.03.2020\nHandelsrechnung Nr. 471102 vom 05.06.2018'), '2018-06-05');
  });
});

describe('due date', () => {
  const dueDateOf = (text: string) => findDates(buildContext(buildTextDocument([textPage(text)]), {})).due_date?.value;

  it('reads a date under a "Fälligkeit" column heading', () => {
    assert.equal(dueDateOf('Rechnung Nr. 1 vom 30.10.2018\nBeschreibung                 Fälligkeit    Teilzahlung\n                             29.11.2018'), '2018-11-29');
  });

  it('reads the date of "zahlbar innerhalb 30 Tagen netto bis"', () => {
    assert.equal(dueDateOf('Rechnung Nr. 1 vom 04.06.2013\nZahlbar innerhalb 30 Tagen netto bis 04.07.2013, 3% Skonto innerhalb 10 Tagen bis 15.06.2013'), '2013-07-04');
  });
});

describe('expiry dates', () => {
  it('never takes a card\'s or a voucher\'s expiry for the issue date', () => {
    assert.equal(issueDateOf('VISA ************1234\nEXP DATE: 12/31/2026\nDate: 03/15/2024'), '2024-03-15');
    assert.equal(issueDateOf('Card Expiry   12/31/2026\nSale   03/15/2024'), '2024-03-15');
    assert.equal(issueDateOf('Valid thru 31.12.2026\nKassenbon 15.03.2024'), '2024-03-15');
    assert.equal(issueDateOf('Gutschein gültig bis 31.12.2026\nDatum 15.03.2024'), '2024-03-15');
    assert.equal(issueDateOf('Expiry Date:   31/12/2026'), undefined);
  });

  it('reads no date from a month and a year alone ("EXP 12/25", "08/2027")', () => {
    assert.equal(issueDateOf('MASTERCARD   EXP 12/25\nExpiry 08/2027\nValid thru 08/27'), undefined);
  });
});
