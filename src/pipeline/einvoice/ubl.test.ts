import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseEInvoiceXml } from './index.js';

const NS = `xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"`;

const party = (name: string, vat: string, street: string, email: string) => `<cac:Party>
    <cbc:EndpointID schemeID="EM">${email}</cbc:EndpointID>
    <cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName>
    <cac:PostalAddress>
      <cbc:StreetName>${street}</cbc:StreetName>
      <cbc:AdditionalStreetName>2. OG</cbc:AdditionalStreetName>
      <cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone>
      <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
    </cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>12/345/67890</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyTaxScheme><cbc:CompanyID>${vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${name} (registered)</cbc:RegistrationName><cbc:CompanyID>HRB 999</cbc:CompanyID></cac:PartyLegalEntity>
    <cac:Contact><cbc:Telephone>+49 30 1234</cbc:Telephone></cac:Contact>
  </cac:Party>`;

const UBL_INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${NS}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ID>UBL-0007</cbc:ID>
  <cbc:IssueDate>2024-02-29</cbc:IssueDate>
  <cbc:DueDate>2024-03-30</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>${party('Verkäufer GmbH', 'DE136695976', 'Hauptstraße 1', 'rechnung@verkaeufer.example')}</cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>${party('Käufer AG', 'DE238574172', 'Nebenweg 2', 'ap@kaeufer.example')}</cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE02120300000000202051</cbc:ID>
      <cbc:Name>Verkäufer GmbH</cbc:Name>
      <cac:FinancialInstitutionBranch><cbc:ID>BYLADEM1001</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">20.90</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">110.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">20.90</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">110.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">110.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">130.90</cbc:TaxInclusiveAmount>
    <cbc:PayableRoundingAmount currencyID="EUR">0.10</cbc:PayableRoundingAmount>
    <cbc:PayableAmount currencyID="EUR">131.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="HUR">10</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">90.00</cbc:LineExtensionAmount>
    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">10.00</cbc:Amount></cac:AllowanceCharge>
    <cac:Item>
      <cbc:Name>Beratung</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>B-01</cbc:ID></cac:SellersItemIdentification>
      <cac:StandardItemIdentification><cbc:ID schemeID="0160">00012345678905</cbc:ID></cac:StandardItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
  <cac:InvoiceLine>
    <cbc:ID>2</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">500</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Etiketten</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price>
      <cbc:PriceAmount currencyID="EUR">4.00</cbc:PriceAmount>
      <cbc:BaseQuantity unitCode="C62">100</cbc:BaseQuantity>
      <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">1.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">5.00</cbc:BaseAmount></cac:AllowanceCharge>
    </cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

describe('UBL Invoice', () => {
  const parsed = parseEInvoiceXml(UBL_INVOICE);

  test('header, totals, tax groups and bank', () => {
    assert.ok(parsed);
    assert.equal(parsed.syntax, 'ubl');
    assert.equal(parsed.profile, 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    const { line_items, vendor, customer, ...header } = parsed.fields;
    assert.deepEqual(header, {
      document_number: 'UBL-0007',
      issue_date: '2024-02-29',
      due_date: '2024-03-30',
      currency: 'EUR',
      subtotal: 110,
      vat_amount: 20.9,
      rounding: 0.1,
      total: 130.9,
      amount_due: 131,
      vat_rates: [{ rate: 19, net: 110, vat: 20.9, gross: 130.9 }],
      banks: [{ name: null, iban: 'DE02120300000000202051', swift_bic: 'BYLADEM1001' }],
    });
    assert.equal(line_items.length, 2);
    assert.equal(customer?.name, 'Käufer AG');
    assert.deepEqual(vendor, {
      name: 'Verkäufer GmbH',
      registry_code: 'HRB 999',
      vat_id: 'DE136695976',
      address: 'Hauptstraße 1, 2. OG',
      document_address: 'Hauptstraße 1, 2. OG, 10115 Berlin, DE',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      email: 'rechnung@verkaeufer.example',
      phone: '+49 30 1234',
    });
  });

  test('lines: line allowance, GTIN with leading zeros, price per 100 is no unit price', () => {
    const [hours, labels] = parsed?.fields.line_items ?? [];
    assert.deepEqual(hours, {
      description: 'Beratung',
      code: 'B-01',
      ean: '00012345678905',
      quantity: 10,
      unit: 'HUR',
      unit_price: 11.9,
      net_unit_price: 10,
      discount_amount: 10,
      subtotal: 90,
      vat_rate: 19,
      vat_amount: 17.1,
      total: 107.1,
      amount: 107.1,
    });
    assert.equal(labels?.net_unit_price, null);
    assert.equal(labels?.discount_amount, 5, '1.00 off per 100 pieces, 500 pieces');
  });
});

test('UBL CreditNote: CreditNoteLine, CreditedQuantity, due date from the payment means, positive amounts kept', () => {
  const xml = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${NS}>
    <cbc:ID>CN-1</cbc:ID>
    <cbc:IssueDate>2024-05-02</cbc:IssueDate>
    <cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>
    <cac:PaymentMeans><cbc:PaymentMeansCode>54</cbc:PaymentMeansCode><cbc:PaymentDueDate>2024-05-31</cbc:PaymentDueDate></cac:PaymentMeans>
    <cac:TaxTotal><cbc:TaxAmount currencyID="SEK">25.00</cbc:TaxAmount></cac:TaxTotal>
    <cac:LegalMonetaryTotal>
      <cbc:TaxExclusiveAmount currencyID="SEK">100.00</cbc:TaxExclusiveAmount>
      <cbc:TaxInclusiveAmount currencyID="SEK">125.00</cbc:TaxInclusiveAmount>
      <cbc:PayableRoundingAmount currencyID="SEK">0</cbc:PayableRoundingAmount>
      <cbc:PayableAmount currencyID="SEK">125.00</cbc:PayableAmount>
    </cac:LegalMonetaryTotal>
    <cac:CreditNoteLine>
      <cbc:ID>1</cbc:ID>
      <cbc:CreditedQuantity unitCode="EA">2</cbc:CreditedQuantity>
      <cbc:LineExtensionAmount currencyID="SEK">100.00</cbc:LineExtensionAmount>
      <cac:Item><cbc:Name>Returned widget</cbc:Name><cac:ClassifiedTaxCategory><cbc:Percent>25</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
      <cac:Price><cbc:PriceAmount currencyID="SEK">50.00</cbc:PriceAmount></cac:Price>
    </cac:CreditNoteLine>
  </CreditNote>`;
  const parsed = parseEInvoiceXml(xml);
  assert.ok(parsed);
  assert.equal(parsed.syntax, 'ubl');
  assert.equal(parsed.profile, null);
  const { line_items, ...header } = parsed.fields;
  assert.deepEqual(header, {
    document_number: 'CN-1',
    issue_date: '2024-05-02',
    due_date: '2024-05-31',
    currency: 'SEK',
    subtotal: 100,
    vat_amount: 25,
    total: 125,
    amount_due: 125,
    payment: { method: 'card' },
  });
  assert.deepEqual(line_items, [
    { description: 'Returned widget', quantity: 2, unit: 'EA', unit_price: 62.5, net_unit_price: 50, subtotal: 100, vat_rate: 25, vat_amount: 25, total: 125, amount: 125 },
  ]);
});

test('an Invoice root outside the UBL namespace is not UBL', () => {
  assert.equal(parseEInvoiceXml('<Invoice xmlns="urn:example:other"><ID>1</ID></Invoice>'), null);
  assert.equal(parseEInvoiceXml('<Invoice><ID>1</ID></Invoice>'), null);
});
