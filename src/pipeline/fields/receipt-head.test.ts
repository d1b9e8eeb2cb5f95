import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import type { PageWords } from '../types.js';
import { findFields } from './find-fields.js';
import { endsReceiptHead, readableHeadLines } from './receipt-head.js';

/** A receipt read by OCR: every word at 0.95, except the words given a confidence of their own. */
function ocrReceipt(text: string, confidence: Record<string, number>): PageWords {
  const page = textPage(text, { source: 'ocr', confidence: 0.95 });
  return { ...page, words: page.words.map((w) => ({ ...w, confidence: confidence[w.text] ?? w.confidence })) };
}

/** The fields found on a receipt read by OCR (see ocrReceipt). */
const receiptFields = (text: string, confidence: Record<string, number> = {}) => findFields(buildTextDocument([ocrReceipt(text, confidence)]), {}).draft;

/** A sale to put under a receipt's head. */
const TEA_SALE = `12 Feb 2018 10:20
TEA                        3.00
TOTAL                      3.00`;

const RECEIPT = `aE OT rar
»  |
RESTORAN MAJU JAYA
NO 2, JALAN MAWAR 3
43200 CHERAS, SELANGOR
TEL: 03-1234 5678
TAX INVOICE
NASI LEMAK                 6.50
TOTAL                      6.50
CASH                      10.00
CHANGE                     3.50`;
const LOGO = { aE: 0.4, OT: 0.15, rar: 0.11 };

describe('receipt head', () => {
  it('leaves out a logo read as letters of low confidence, and stray marks', () => {
    const document = buildTextDocument([ocrReceipt(RECEIPT, LOGO)]);
    const lines = readableHeadLines(document.lines);
    assert.equal(lines[0]!.text, 'RESTORAN MAJU JAYA');
    assert.ok(lines.every((l) => !/[»|]/u.test(l.text)));
  });

  it('keeps the readable words of a line and drops the unreadable ones', () => {
    const document = buildTextDocument([ocrReceipt('BEMED (SP) SDN. BHD. Vy >', { Vy: 0.2 })]);
    assert.equal(readableHeadLines(document.lines)[0]!.text, 'BEMED (SP) SDN. BHD.');
  });

  it('the shop under a logo is the vendor, its address the lines down to the phone', () => {
    const draft = receiptFields(RECEIPT, LOGO);
    assert.equal(draft.vendor.name?.value, 'RESTORAN MAJU JAYA');
    assert.equal(draft.vendor.document_address?.value, 'NO 2, JALAN MAWAR 3, 43200 CHERAS, SELANGOR');
    assert.equal(draft.vendor.phone?.value, '03-1234 5678');
  });

  it('the head ends where the sale begins: a date, a time or an amount, not a mall unit or a street number', () => {
    for (const sale of ['26 Feb 2016 15:20', '10/17/18 09:03 AM', 'Date: 06-05-2018', 'Food And Drink   10.20']) assert.ok(endsReceiptHead(sale), sale);
    for (const address of ['UNIT 1.02, LEVEL 1, MID VALLEY', 'NO 2-1 JALAN 3/137B BATU 5', '34 Kingley Street', '81100 JOHOR BAHRU']) assert.ok(!endsReceiptHead(address), address);
  });

  it('the name leaves out the company number after it; the address stops at the sale', () => {
    const receipt = `MOONLIGHT CAKE HOUSE SDN BHD 862725-U
NO.1, JALAN PERMAS 10/5
81750 JOHOR BAHRU
26 Feb 2016 15:20
BREAD                      4.20
TOTAL                      4.20
CASH                       5.00
CHANGE                     0.80`;
    const draft = receiptFields(receipt);
    assert.equal(draft.vendor.name?.value, 'MOONLIGHT CAKE HOUSE SDN BHD');
    assert.equal(draft.vendor.document_address?.value, 'NO.1, JALAN PERMAS 10/5, 81750 JOHOR BAHRU');
  });

  it('a name whose "Bhd" OCR misread still has its legal form; the company number under it is neither name nor address', () => {
    const receipt = `Ka Lo Pe
SRI MURNI
DISTRIBUTOR & SUPPLY SDN BHO
(+1234567-X)
12, Jalan Mawar, 50450 Kuala Lumpur
${TEA_SALE}`;
    const draft = receiptFields(receipt);
    assert.equal(draft.vendor.name?.value, 'SRI MURNI DISTRIBUTOR & SUPPLY SDN BHO');
    assert.equal(draft.vendor.document_address?.value, '12, Jalan Mawar, 50450 Kuala Lumpur');
  });

  it('a tax registration in brackets under the name comes before the address, which ends at its country or on the phone line', () => {
    const head = (address: string) => {
      const draft = receiptFields(`GREEN LEAF BOOKS SDN BHD
(GST Reg No: 000123456789)
${address}
${TEA_SALE}`);
      return [draft.vendor.document_address?.value, draft.vendor.phone?.value];
    };
    assert.deepEqual(head(`No 8, Jalan Mawar
50450 Kuala Lumpur, Malaysia
SUNWAY MALL
Tel : 03-2141 5566`), ['No 8, Jalan Mawar, 50450 Kuala Lumpur, Malaysia', '03-2141 5566']);
    assert.deepEqual(head(`No 8, Jalan Mawar
50450 Kuala Lumpur. Tel No.: 03-2141 5566`), ['No 8, Jalan Mawar, 50450 Kuala Lumpur.', '03-2141 5566']);
    assert.deepEqual(head(`No 8, Jalan Mawar
T: 03-2141 5566`), ['No 8, Jalan Mawar', '03-2141 5566']);
  });

  it('a receipt or order number after its colon is not a phone', () => {
    const draft = receiptFields(`GREEN LEAF BOOKS SDN BHD
No 8, Jalan Mawar
Receipt: 20231104
${TEA_SALE}`);
    assert.equal(draft.vendor.phone, undefined);
  });

  it('a weakly read word held between confident ones stays in the name; a franchise line, a thank-you line and a registration line are not name or address', () => {
    assert.equal(receiptFields(`TAN SENG HUAT S/B
LOT 12, JALAN KLANG
${TEA_SALE}`, { SENG: 0.44 }).vendor.name?.value, 'TAN SENG HUAT S/B');
    const franchise = receiptFields(`Harbour Burgers Sdn Bhd
(85351-M)
"Licensee of BurgerCo
Level 5, Menara Alpha, 47400 Petaling Jaya
${TEA_SALE}`);
    assert.deepEqual([franchise.vendor.name?.value, franchise.vendor.document_address?.value], ['Harbour Burgers Sdn Bhd', 'Level 5, Menara Alpha, 47400 Petaling Jaya']);
    const thanks = receiptFields(`TQ FOR SHOPPING WITH US
CO. REG. NO.: 946207-D
LOT 12, JALAN KLANG
${TEA_SALE}`).vendor.name?.value;
    assert.ok(thanks === undefined || !/SHOPPING|REG/u.test(String(thanks)), String(thanks));
  });

  it('the name ends at its legal form, and a logo repeating its words is not its first half; a wrapped first half is', () => {
    const sale = `12 Feb 2018 10:20
LATTE                      9.90
TOTAL                      9.90`;
    const logo = `ROAST
HARBOUR ROAST CO. MID VALLEY MALL
LOT 12, JALAN KLANG
${sale}`;
    const nameOf = (receipt: string) => receiptFields(receipt).vendor.name?.value;
    assert.equal(nameOf(logo), 'HARBOUR ROAST CO.');
    assert.equal(nameOf(`GREEN LEAF BOOK
CO. (M) SDN BHD
LOT 12, JALAN KLANG
${sale}`), 'GREEN LEAF BOOK CO. (M) SDN BHD');
  });
});
