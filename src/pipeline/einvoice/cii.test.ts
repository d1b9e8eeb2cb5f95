import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseEInvoiceXml } from './index.js';

// A Factur-X EN16931 invoice written the way generators do: prefixes rsm/ram/udt, two tax groups,
// a Steuernummer next to the VAT id, a product with a GTIN that has a leading zero.
const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>RE-2024-0012</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:GlobalID schemeID="0160">04012345001235</ram:GlobalID>
        <ram:SellerAssignedID>0012</ram:SellerAssignedID>
        <ram:Name>Kunstrasen   grün
          3m breit</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:GrossPriceProductTradePrice>
          <ram:ChargeAmount>4.0000</ram:ChargeAmount>
          <ram:AppliedTradeAllowanceCharge>
            <ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>
            <ram:ActualAmount>0.5000</ram:ActualAmount>
          </ram:AppliedTradeAllowanceCharge>
        </ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>3.5000</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="MTK">4.0000</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>14.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:GlobalID schemeID="0088">4000050986428</ram:GlobalID>
        <ram:Name>Schrauben</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>12.50</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">100</ram:BasisQuantity></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="H87">200</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeAllowanceCharge>
          <ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>
          <ram:ActualAmount>1.00</ram:ActualAmount>
        </ram:SpecifiedTradeAllowanceCharge>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>24.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Lieferant &amp; Söhne GmbH</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">HRB 12345</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:DefinedTradeContact>
          <ram:PersonName>Max Muster</ram:PersonName>
          <ram:TelephoneUniversalCommunication><ram:CompleteNumber>+49 89 123456</ram:CompleteNumber></ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication><ram:URIID>max@lieferant.example</ram:URIID></ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>80333</ram:PostcodeCode>
          <ram:LineOne>Lieferantenstraße 20</ram:LineOne>
          <ram:LineTwo>Hinterhaus</ram:LineTwo>
          <ram:CityName>München</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">invoices@lieferant.example</ram:URIID></ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 136 695 976</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Kunden AG</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>69876</ram:PostcodeCode>
          <ram:LineOne>Kundenstraße 15</ram:LineOne>
          <ram:CityName>Frankfurt</ram:CityName>
          <ram:CountryID>de</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">ap@kunden.example</ram:URIID></ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">123/456/789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89 3704 0044 0532 0130 00</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>COBADEFFXXX</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>2.66</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>14.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>19.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>1.68</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>24.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>7.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>30 Tage netto</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20240404</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>38.00</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>38.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="USD">4.70</ram:TaxTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">4.34</ram:TaxTotalAmount>
        <ram:RoundingAmount>-0.34</ram:RoundingAmount>
        <ram:GrandTotalAmount>42.00</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>10.00</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>32.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('CII (Factur-X / ZUGFeRD 2.x / XRechnung)', () => {
  const parsed = parseEInvoiceXml(CII);

  test('header, totals and tax groups', () => {
    assert.ok(parsed);
    assert.equal(parsed.syntax, 'cii');
    assert.equal(parsed.profile, 'urn:cen.eu:en16931:2017');
    const f = parsed.fields;
    assert.equal(f.document_number, 'RE-2024-0012');
    assert.equal(f.issue_date, '2024-03-05');
    assert.equal(f.due_date, '2024-04-04');
    assert.equal(f.currency, 'EUR');
    assert.equal(f.subtotal, 38);
    // The tax total in the invoice currency, not the one in the tax currency listed first.
    assert.equal(f.vat_amount, 4.34);
    assert.equal(f.rounding, -0.34);
    assert.equal(f.total, 42);
    assert.equal(f.amount_due, 32);
    assert.deepEqual(f.vat_rates, [
      { rate: 19, net: 14, vat: 2.66, gross: 16.66 },
      { rate: 7, net: 24, vat: 1.68, gross: 25.68 },
    ]);
    // Transfer (58) is not a payment method worth reporting.
    assert.equal('payment' in f, false);
  });

  test('seller and buyer: VA scheme only, contact e-mail first, address lines joined', () => {
    assert.deepEqual(parsed?.fields.vendor, {
      name: 'Lieferant & Söhne GmbH',
      registry_code: 'HRB 12345',
      vat_id: 'DE136695976',
      address: 'Lieferantenstraße 20, Hinterhaus',
      document_address: 'Lieferantenstraße 20, Hinterhaus, 80333 München, DE',
      postal_code: '80333',
      city: 'München',
      country: 'DE',
      email: 'max@lieferant.example',
      phone: '+49 89 123456',
    });
    const customer = parsed?.fields.customer;
    // Only an FC Steuernummer: no vat_id at all rather than the wrong number.
    assert.equal(customer && 'vat_id' in customer, false);
    assert.equal(customer?.email, 'ap@kunden.example');
    assert.equal(customer?.country, 'DE');
  });

  test('the same account listed twice is one bank, with the BIC it was given', () => {
    assert.deepEqual(parsed?.fields.banks, [{ name: null, iban: 'DE89370400440532013000', swift_bic: 'COBADEFFXXX' }]);
  });

  test('line items: codes kept as written, GTIN only from scheme 0160, price per 100 is no unit price', () => {
    const [first, second] = parsed?.fields.line_items ?? [];
    assert.deepEqual(first, {
      description: 'Kunstrasen grün 3m breit',
      code: '0012',
      ean: '04012345001235',
      quantity: 4,
      unit: 'MTK',
      unit_price: 4.76,
      net_unit_price: 4,
      discount_amount: 2,
      subtotal: 14,
      vat_rate: 19,
      vat_amount: 2.66,
      total: 16.66,
      amount: 16.66,
    });
    assert.ok(second);
    assert.equal('ean' in second, false, 'a 0088 GlobalID is not labelled as EAN');
    assert.equal(second.net_unit_price, null);
    assert.equal('unit_price' in second, false);
    assert.equal(second.discount_amount, 1);
    assert.equal(second.vat_amount, 1.68);
    assert.equal(second.amount, second.total);
  });
});

// ZUGFeRD 1.0 names: HeaderExchangedDocument, ApplicableSupplyChainTrade*, ApplicablePercent,
// a header-less note line, a zero rounding and a credit note with negative amounts and a cash payment.
const ZUGFERD_1 = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Nutzungsrechte: a long licence comment precedes the root in the official samples -->
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument>
    <ram:ID>GS-471102</ram:ID>
    <ram:TypeCode>381</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20130605</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Lieferant GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>80333</ram:PostcodeCode><ram:LineOne>Lieferantenstraße 20</ram:LineOne><ram:CityName>München</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunden AG Mitte</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>10</ram:TypeCode>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>42</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE08700901001234567890</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>GENODEF1M04</ram:BICID><ram:Name>Hausbank München</ram:Name></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount currencyID="EUR">-1.90</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount currencyID="EUR">-10.00</ram:BasisAmount><ram:ApplicablePercent>19.00</ram:ApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="EUR">-10.00</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="EUR">-10.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">-1.90</ram:TaxTotalAmount>
        <ram:RoundingAmount currencyID="EUR">0.00</ram:RoundingAmount>
        <ram:GrandTotalAmount currencyID="EUR">-11.90</ram:GrandTotalAmount>
        <ram:DuePayableAmount currencyID="EUR">-11.90</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Gutschrift zur Lieferung 2013-51112:</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedSupplyChainTradeSettlement/>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedSupplyChainTradeAgreement>
        <ram:GrossPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">2.5000</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">1.0000</ram:BasisQuantity></ram:GrossPriceProductTradePrice>
      </ram:SpecifiedSupplyChainTradeAgreement>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">-4.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">-10.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
      </ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:SellerAssignedID>PFA5</ram:SellerAssignedID><ram:Name>Pfand</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

describe('ZUGFeRD 1.0', () => {
  const parsed = parseEInvoiceXml(ZUGFERD_1);

  test('reads the 1.0 element names; a credit note keeps the signs the XML gives', () => {
    assert.ok(parsed);
    assert.equal(parsed.syntax, 'cii');
    assert.equal(parsed.profile, 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort');
    const f = parsed.fields;
    assert.equal(f.document_number, 'GS-471102');
    assert.equal(f.issue_date, '2013-06-05');
    assert.equal(f.subtotal, -10);
    assert.equal(f.vat_amount, -1.9);
    assert.equal(f.total, -11.9);
    assert.equal(f.amount_due, -11.9);
    assert.equal('rounding' in f, false, 'a zero rounding is no rounding');
    assert.equal('due_date' in f, false);
    assert.deepEqual(f.vat_rates, [{ rate: 19, net: -10, vat: -1.9, gross: -11.9 }]);
    assert.deepEqual(f.banks, [{ name: 'Hausbank München', iban: 'DE08700901001234567890', swift_bic: 'GENODEF1M04' }]);
    assert.deepEqual(f.payment, { method: 'cash' });
    assert.deepEqual(f.vendor?.vat_id, 'DE123456789', 'kept as declared although its checksum fails');
    assert.deepEqual(f.customer, { name: 'Kunden AG Mitte' });
  });

  test('the free-text note line is not an item', () => {
    assert.deepEqual(parsed?.fields.line_items, [
      {
        description: 'Pfand',
        code: 'PFA5',
        quantity: -4,
        unit: 'C62',
        unit_price: 2.975,
        net_unit_price: 2.5,
        subtotal: -10,
        vat_rate: 19,
        vat_amount: -1.9,
        total: -11.9,
        amount: -11.9,
      },
    ]);
  });
});

test('a MINIMUM profile without lines still has an empty line list', () => {
  const minimum = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="x">
    <rsm:ExchangedDocument><ram:ID>M-1</ram:ID></rsm:ExchangedDocument>
    <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>1.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>
  </rsm:CrossIndustryInvoice>`;
  assert.deepEqual(parseEInvoiceXml(minimum)?.fields, { document_number: 'M-1', total: 1, line_items: [] });
});
