import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseEInvoiceXml } from './index.js';
import { sniffRootTag, syntaxOfRoot } from './syntax.js';
import { parseDecimal, parseXmlDate } from './values.js';
import { decodeText, MAX_XML_CHARS, parseXmlTree, textAt } from './xml-tree.js';

const CII_NS = 'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:ram"';

describe('parsing is safe', () => {
  test('junk and malformed text give null, never an exception', () => {
    for (const junk of ['', 'hello', '<<<', '\u0000\u0001binary', '<a><b></a>', '<a>', '%PDF-1.7', '{"json": true}', '<a/><b/>']) {
      assert.equal(parseXmlTree(junk), null, JSON.stringify(junk));
      assert.equal(parseEInvoiceXml(junk), null, JSON.stringify(junk));
    }
    assert.equal(parseEInvoiceXml(undefined as unknown as string), null);
  });

  test('well-formed XML of another kind gives null', () => {
    assert.equal(parseEInvoiceXml('<order><id>1</id></order>'), null);
    assert.equal(parseEInvoiceXml(`<rsm:CrossIndustryInvoice ${CII_NS}/>`), null, 'an invoice root around nothing');
  });

  test('DOCTYPE entities are never expanded; references to them stay literal', () => {
    const xml = `<?xml version="1.0"?>
      <!DOCTYPE rsm:CrossIndustryInvoice [
        <!ENTITY lol "lol">
        <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      ]>
      <rsm:CrossIndustryInvoice ${CII_NS}>
        <rsm:ExchangedDocument><ram:ID>&lol2;-&lol;-&amp;-&#65;&#x42;</ram:ID></rsm:ExchangedDocument>
      </rsm:CrossIndustryInvoice>`;
    assert.equal(parseEInvoiceXml(xml)?.fields.document_number, '&lol2;-&lol;-&-AB');
  });

  test('a DOCTYPE declaring an external entity is refused outright', () => {
    const xml = `<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
      <rsm:CrossIndustryInvoice ${CII_NS}>
        <rsm:ExchangedDocument><ram:ID>&secret;</ram:ID></rsm:ExchangedDocument>
      </rsm:CrossIndustryInvoice>`;
    assert.equal(parseEInvoiceXml(xml), null);
  });

  test('a document over the size cap is refused before parsing', () => {
    const huge = `<rsm:CrossIndustryInvoice ${CII_NS}><!--${'x'.repeat(MAX_XML_CHARS)}--></rsm:CrossIndustryInvoice>`;
    assert.equal(parseXmlTree(huge), null);
  });

  test('prefixes are dropped, CDATA is taken literally, white space collapsed', () => {
    const root = parseXmlTree('<p:a xmlns:p="u"><p:b> one\n  two </p:b><c><![CDATA[x &amp; <y>]]></c></p:a>');
    assert.equal(root?.name, 'a');
    assert.equal(textAt(root, 'b'), 'one two');
    assert.equal(textAt(root, 'c'), 'x &amp; <y>');
  });

  test('decodeText leaves unknown and out-of-range references alone', () => {
    assert.equal(decodeText('&lt;&gt;&quot;&apos;&amp;&#228;&#xE4;'), `<>"'&ää`);
    assert.equal(decodeText('&nbsp;&#0;&#xD800;&#x110000;'), '&nbsp;&#0;&#xD800;&#x110000;');
  });
});

describe('root sniffing', () => {
  test('skips declaration, comments and DOCTYPE', () => {
    const head = sniffRootTag(`\uFEFF<?xml version="1.0"?>\n<!-- licence > text -->\n<!DOCTYPE x [<!ENTITY a "b">]>\n<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram='urn:ram'>`);
    assert.deepEqual(head, { localName: 'CrossIndustryDocument', namespaces: ['urn:ferd:CrossIndustryDocument:invoice:1p0', 'urn:ram'] });
    assert.equal(syntaxOfRoot(head!.localName, head!.namespaces), 'cii');
  });

  test('UBL needs its namespace; other roots are nothing', () => {
    assert.equal(syntaxOfRoot('Invoice', ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2']), 'ubl');
    assert.equal(syntaxOfRoot('CreditNote', ['urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2']), 'ubl');
    assert.equal(syntaxOfRoot('Invoice', []), null);
    assert.equal(syntaxOfRoot('additionalData', ['urn:example']), null);
    assert.equal(sniffRootTag('%PDF-1.4'), null);
    assert.equal(sniffRootTag('<!-- never closed'), null);
  });
});

describe('values', () => {
  test('decimals are read from their lexical form only', () => {
    assert.equal(parseDecimal('19.00'), 19);
    assert.equal(parseDecimal(' -0.5 '), -0.5);
    assert.equal(parseDecimal('.5'), 0.5);
    for (const bad of ['1,5', '1e3', '', 'NaN', '0x10', null, undefined]) assert.equal(parseDecimal(bad), null, String(bad));
  });

  test('dates: format 102, ISO, and nothing for month or week formats or impossible days', () => {
    assert.equal(parseXmlDate('20240229', '102'), '2024-02-29');
    assert.equal(parseXmlDate('2024-02-29'), '2024-02-29');
    assert.equal(parseXmlDate('2024-02-29+01:00'), '2024-02-29');
    assert.equal(parseXmlDate('202402', '610'), null);
    assert.equal(parseXmlDate('20230229', '102'), null);
    assert.equal(parseXmlDate('29.02.2024'), null);
  });
});
