import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodeXmlBytes, findEmbeddedInvoiceXml } from './find-attachment.js';
import { parseEInvoiceXml } from './index.js';
import { MAX_XML_CHARS } from './xml-tree.js';

const FACTUR_X = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>FX-77</ram:ID>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240110</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement>
    <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
    <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>U-1</cbc:ID></Invoice>`;

const utf8 = (text: string) => new TextEncoder().encode(text);

async function pdfWith(files: { name: string; bytes: Uint8Array }[]): Promise<PDFDocumentProxy> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  for (const file of files) await doc.attach(file.bytes, file.name, { mimeType: file.name.endsWith('.xml') ? 'application/xml' : 'application/octet-stream' });
  const data = await doc.save();
  return getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
}

async function found(files: { name: string; bytes: Uint8Array }[]) {
  const pdf = await pdfWith(files);
  try {
    return await findEmbeddedInvoiceXml(pdf);
  } finally {
    await pdf.destroy();
  }
}

describe('findEmbeddedInvoiceXml', () => {
  test('finds factur-x.xml in a PDF built with pdf-lib, read back through pdfjs', async () => {
    const result = await found([
      { name: 'delivery-note.pdf', bytes: utf8('%PDF-1.4 not really') },
      { name: 'factur-x.xml', bytes: utf8(FACTUR_X) },
    ]);
    assert.equal(result?.filename, 'factur-x.xml');
    assert.equal(result?.xml, FACTUR_X);
    const parsed = parseEInvoiceXml(result!.xml);
    assert.equal(parsed?.fields.document_number, 'FX-77');
    assert.equal(parsed?.fields.total, 119);
  });

  test('the standard name wins over another invoice-shaped attachment', async () => {
    const result = await found([
      { name: 'copy.xml', bytes: utf8(UBL) },
      { name: 'ZUGFeRD-invoice.xml', bytes: utf8(FACTUR_X) },
    ]);
    assert.equal(result?.filename, 'ZUGFeRD-invoice.xml');
  });

  test('an oddly named .xml is taken by its root; unrelated XML is not', async () => {
    const result = await found([
      { name: 'additional_data.xml', bytes: utf8('<additionalData xmlns="urn:example"><x/></additionalData>') },
      { name: 'rechnung_4711.xml', bytes: utf8(`\uFEFF${UBL}`) },
    ]);
    assert.equal(result?.filename, 'rechnung_4711.xml');
    assert.equal(parseEInvoiceXml(result!.xml)?.syntax, 'ubl');
  });

  test('null for no attachments, junk under a standard name, or a non-XML name', async () => {
    assert.equal(await found([]), null);
    assert.equal(await found([{ name: 'factur-x.xml', bytes: new Uint8Array([0, 1, 2, 255, 254, 60]) }]), null);
    assert.equal(await found([{ name: 'invoice.txt', bytes: utf8(FACTUR_X) }]), null);
  });

  test('an attachment over the size cap is skipped unread', async () => {
    const padded = FACTUR_X.replace('</rsm:CrossIndustryInvoice>', `<!--${' '.repeat(MAX_XML_CHARS)}--></rsm:CrossIndustryInvoice>`);
    assert.equal(await found([{ name: 'factur-x.xml', bytes: utf8(padded) }]), null);
  });

  test('a broken pdf object does not throw', async () => {
    const broken = { getAttachments: () => Promise.reject(new Error('bad xref')) } as unknown as PDFDocumentProxy;
    assert.equal(await findEmbeddedInvoiceXml(broken), null);
  });
});

describe('decodeXmlBytes', () => {
  test('UTF-8 with or without BOM, UTF-16 by BOM, Latin-1 by declaration', () => {
    assert.equal(decodeXmlBytes(utf8('<a>ä</a>')), '<a>ä</a>');
    assert.equal(decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<a>ä</a>')])), '<a>ä</a>');
    const utf16le = new Uint8Array([0xff, 0xfe, ...Array.from('<a>ä</a>').flatMap((c) => [c.charCodeAt(0), 0])]);
    assert.equal(decodeXmlBytes(utf16le), '<a>ä</a>');
    const latin1 = new Uint8Array([...utf8('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), 0xe4, ...utf8('</a>')]);
    assert.equal(decodeXmlBytes(latin1), '<?xml version="1.0" encoding="ISO-8859-1"?><a>ä</a>');
  });
});
