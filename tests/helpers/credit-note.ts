// One credit note written three ways: as CII (type 381) and as a UBL CreditNote, both with positive
// amounts as the standards have them, and as the page a person reads, whose total may be printed
// negative ("-233,47 €") or unsigned. For tests of the sign convention across reading paths.
import fc from 'fast-check';

export interface CreditNoteLine {
  description: string;
  quantity: number;
  /** Net unit price in cents. */
  priceCents: number;
}

export interface CreditNote {
  number: string;
  rate: number;
  lines: CreditNoteLine[];
  title: string;
  /** How the page prints its total: "-428,40 €" or "428,40 €". */
  totalPrintedNegative: boolean;
}

export interface CreditNoteAmounts {
  lineNets: number[];
  net: number;
  vat: number;
  gross: number;
}

const ITEMS = ['Office chair', 'Desk lamp', 'Paper A4 box', 'Toner cartridge', 'Consulting hour', 'Cable set'];

export const creditNotes = (): fc.Arbitrary<CreditNote> =>
  fc.record({
    number: fc.stringMatching(/^CN-20\d\d-\d{2,5}$/),
    rate: fc.constantFrom(7, 9, 19, 20, 24),
    lines: fc.uniqueArray(
      fc.record({ description: fc.constantFrom(...ITEMS), quantity: fc.integer({ min: 1, max: 9 }), priceCents: fc.integer({ min: 100, max: 99_999 }) }),
      { minLength: 1, maxLength: 3, selector: (line) => line.description },
    ),
    title: fc.constantFrom('CREDIT NOTE', 'Gutschrift', 'Kreeditarve'),
    totalPrintedNegative: fc.boolean(),
  });

const cents = (value: number) => Math.round(value * 100) / 100;

export function amountsOf(note: CreditNote): CreditNoteAmounts {
  const lineNets = note.lines.map((line) => cents((line.quantity * line.priceCents) / 100));
  const net = cents(lineNets.reduce((a, b) => a + b, 0));
  const vat = cents((net * note.rate) / 100);
  return { lineNets, net, vat, gross: cents(net + vat) };
}

const dot = (value: number) => value.toFixed(2);
const comma = (value: number) => value.toFixed(2).replace('.', ',');

/** The page: lines unsigned, the total signed as the note says. */
export function creditNotePage(note: CreditNote): string {
  const { lineNets, net, vat, gross } = amountsOf(note);
  const pad = (text: string, width: number) => text.padEnd(width, ' ');
  return [
    'ACME Supplies GmbH',
    'Hauptstrasse 1, 10115 Berlin',
    note.title,
    `Document no ${note.number}           Date 05.01.2024`,
    'Item                      Qty     Unit price      Amount',
    ...note.lines.map((line, i) => `${pad(line.description, 26)}${pad(String(line.quantity), 8)}${pad(comma(line.priceCents / 100), 16)}${comma(lineNets[i]!)}`),
    `${pad('Subtotal', 50)}${comma(net)}`,
    `${pad(`VAT ${note.rate}%`, 50)}${comma(vat)}`,
    `${pad('Total', 50)}${note.totalPrintedNegative ? '-' : ''}${comma(gross)} €`,
  ].join('\n');
}

export function creditNoteCii(note: CreditNote): string {
  const { lineNets, net, vat, gross } = amountsOf(note);
  const lines = note.lines.map(
    (line, i) => `<ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${line.description}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${dot(line.priceCents / 100)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${line.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${note.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${dot(lineNets[i]!)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${note.number}</ram:ID>
    <ram:TypeCode>381</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240105</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    ${lines.join('\n    ')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>ACME Supplies GmbH</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${dot(vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>${dot(net)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${note.rate}</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${dot(net)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${dot(net)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${dot(vat)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${dot(gross)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${dot(gross)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

export function creditNoteUbl(note: CreditNote): string {
  const { lineNets, net, vat, gross } = amountsOf(note);
  const category = `<cbc:ID>S</cbc:ID><cbc:Percent>${note.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>`;
  const lines = note.lines.map(
    (line, i) => `<cac:CreditNoteLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:CreditedQuantity unitCode="C62">${line.quantity}</cbc:CreditedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${dot(lineNets[i]!)}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>${line.description}</cbc:Name><cac:ClassifiedTaxCategory>${category}</cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${dot(line.priceCents / 100)}</cbc:PriceAmount></cac:Price>
  </cac:CreditNoteLine>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${note.number}</cbc:ID>
  <cbc:IssueDate>2024-01-05</cbc:IssueDate>
  <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>ACME Supplies GmbH</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Kunde AG</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${dot(vat)}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${dot(net)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">${dot(vat)}</cbc:TaxAmount>
      <cac:TaxCategory>${category}</cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${dot(net)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${dot(net)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${dot(gross)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${dot(gross)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  ${lines.join('\n  ')}
</CreditNote>`;
}
