import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { findFields } from './find-fields.js';
import { addressExtent, addressLines, isContactLine, isRegistrationLine, isStreetLine } from './party-lines.js';

const lines = (text: string) => text.split('\n').map((t) => ({ text: t.trim() }));
const joined = (text: string) => addressLines(lines(text)).map((l) => l.text).join(' | ');

describe('what the lines of a party block are', () => {
  it('tells contact, registration and street lines in several languages', () => {
    for (const text of ['TEL : 03-8768 6092', 'H/P: 019-7521215', 'WHATSAPP +6012-5060668', 'Telefon 089 123456', 'puh. 09 123 4567', 'MYNEWSCARELINE 1800 88 1231', 'E-mail: shop@example.com']) {
      assert.ok(isContactLine(text), text);
    }
    for (const text of ['KAMPUNG BARU 43800', 'TELUK INTAN']) assert.ok(!isContactLine(text), text);
    for (const text of ['GST ID : 000781500416', 'CO REG NO : 210038-K', '(0005583085-K)', '<484297-M>', 'USt-IdNr. DE123456789', 'NIP 123-456-32-18']) {
      assert.ok(isRegistrationLine(text), text);
    }
    assert.ok(isRegistrationLine('GST 001085747200'));
    assert.ok(!isRegistrationLine('GST 6% INCLUDED'));
    assert.ok(!isRegistrationLine('GST 12.50'));
    for (const text of ['JALAN LAPANGAN TERBANG', 'Hauptstraße 5', 'ul. Długa', 'LOT 12']) assert.ok(isStreetLine(text), text);
    assert.ok(!isStreetLine('DUTY FREE ZONE'));
  });
});

describe('an address runs from the first street line to the postal line', () => {
  it('leaves out registrations, the brand or branch above the street, and contact lines below', () => {
    assert.equal(
      joined(`(0012345678-K)
        CENTRAL OUTLET
        LOT 9 JALAN MERANTI
        43800 KAJANG, SELANGOR.
        TEL : 03-8000 1234
        GST ID : 000111222333`),
      'LOT 9 JALAN MERANTI | 43800 KAJANG, SELANGOR.',
    );
  });

  it('keeps one short state line after a postal line of code and city, and nothing after', () => {
    assert.equal(joined('NO. 7, JALAN BESAR\n45600 BATU LIMA\nSELANGOR DARUL EHSAN\nPREPAY CHIT NUMBER'), 'NO. 7, JALAN BESAR | 45600 BATU LIMA | SELANGOR DARUL EHSAN');
    assert.equal(joined('NO. 7, JALAN BESAR\n16200 TUMPAT, KELANTAN\nGUEST CHECK'), 'NO. 7, JALAN BESAR | 16200 TUMPAT, KELANTAN');
    assert.equal(
      joined('NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI\nSELANGOR DARUL EHSAN\nGUEST CHECK'),
      'NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI | SELANGOR DARUL EHSAN',
      'the street before the postal code on its line names no region',
    );
  });

  it('counts the lines before the contacts it leaves out: a branch above the street, a line after the state', () => {
    const leftOut = (text: string) => addressExtent(lines(text)).leftOut;
    assert.equal(leftOut('(0012345678-K)\nCENTRAL OUTLET\nLOT 9 JALAN MERANTI\n43800 KAJANG, SELANGOR.\nTEL : 03-8000 1234\nGST ID : 000111222333'), 1);
    assert.equal(leftOut('NO. 7, JALAN BESAR\n45600 BATU LIMA\nSELANGOR DARUL EHSAN\nPREPAY CHIT NUMBER'), 1);
    assert.equal(leftOut('LOT 9 JALAN MERANTI\n43800 KAJANG, SELANGOR.\nTEL : 03-8000 1234\nSOMEWHERE AFTER THE PHONE'), 0);
  });

  it('ends at the last postal line: a lot number before a street looks like a postal code too', () => {
    assert.equal(joined('LOT 2110 JALAN PERMAS UTARA\nBANDAR BARU PERMAS\n81750 JOHOR BAHRU\nJOHOR'), 'LOT 2110 JALAN PERMAS UTARA | BANDAR BARU PERMAS | 81750 JOHOR BAHRU | JOHOR');
  });

  it('leaves out who owns the business, and the former name after "formerly known as"', () => {
    assert.equal(joined('FORMERLY KNOWN AS\nOLD NAME RESTAURANTS SDN BHD\nLEVEL 3, MENARA SATU\n47400 PETALING JAYA'), 'LEVEL 3, MENARA SATU | 47400 PETALING JAYA');
    assert.equal(joined('Dimiliki oleh Contoh Niaga Sdn Bhd\n12 Jalan Dua\n52100 Kepong'), '12 Jalan Dua | 52100 Kepong');
  });

  it('keeps a block without a street line as it is', () => {
    assert.equal(joined('Musterhausen\nBayern'), 'Musterhausen | Bayern');
  });
});

describe('a receipt head read with these lines', () => {
  const receipt = (head: string) =>
    findFields(
      buildTextDocument([textPage(`${head}\nTAX INVOICE\nCASHIER: 01   12/02/2018 10:20\nTEA                        3.00\nTOTAL                      3.00\nCASH                       5.00\nCHANGE                     2.00`, { source: 'ocr', confidence: 0.95 })]),
      {},
    ).draft;

  it('skips a tax registration between the name and the address', () => {
    const found = receipt('KEDAI RUNCIT CONTOH SDN BHD\nGST NO: 000342237184\n23, JALAN BURUNG, TAMAN BUKIT\nMALURI, KEPONG, 52100 KL.\nTEL: 03-1234 5678');
    assert.equal(found.vendor.name?.value, 'KEDAI RUNCIT CONTOH SDN BHD');
    assert.equal(found.vendor.document_address?.value, '23, JALAN BURUNG, TAMAN BUKIT, MALURI, KEPONG, 52100 KL.');
  });

  it('takes a whole registered name without the brand printed above it, a partial one with it', () => {
    assert.equal(receipt('SUNSET PARK CITY\nSILVER SPOON SDN BHD\nLOT 1, JALAN DUA\n52100 KEPONG').vendor.name?.value, 'SILVER SPOON SDN BHD');
    assert.equal(receipt('SILVER SPOON BOOK\nCO. (M) SDN BHD\nLOT 1, JALAN DUA\n52100 KEPONG').vendor.name?.value, 'SILVER SPOON BOOK CO. (M) SDN BHD');
  });

  it('reads a station whose address is printed under its brand and above the company name', () => {
    const found = receipt('PETROL KITA TAMAN JAYA 2\nLOT PTD 4711\nJALAN TIGA 10/10\n81750 MASAI, JOHOR\nCONTOH FUEL ENTERPRISE\nCO. REG. NO: 001234567-T');
    assert.equal(found.vendor.name?.value, 'CONTOH FUEL ENTERPRISE');
    assert.equal(found.vendor.document_address?.value, 'LOT PTD 4711, JALAN TIGA 10/10, 81750 MASAI, JOHOR');
  });

  it('never takes a registration line for the name because it says "company"', () => {
    const found = receipt('MAJU HANDICRAFT & TAILORING\n19, JALAN KANCIL,\n55100 KUALA LUMPUR\nCOMPANY REG NO. :75495-W');
    assert.equal(found.vendor.name?.value, 'MAJU HANDICRAFT & TAILORING');
  });
});
