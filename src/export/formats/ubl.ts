// A Document as an EN 16931 invoice in UBL 2.1, the Peppol BIS Billing 3.0 profile: an Invoice
// (type 380), or a CreditNote (381) for a credit note, its amounts then positive as UBL wants them.
// Where the document has no usable line items, one line per VAT rate stands for them.
//
// A document missing what the standard or Peppol makes mandatory is refused with the business terms
// it lacks: an e-invoice that a receiver's validator rejects is worse than none.
import { billLines, round2, vatGroups, documentType, type BillLine, type VatGroup } from '../amounts.js';
import type { ExportedDocument } from '../columns.js';
import type { Party } from '../../schemas/document-fields.schema.js';
import { unitCode, vatAddress, vatCountry } from './en16931-codes.js';

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export type UblInvoice = { filename: string; xml: string } | { refused: string[] };

interface TaxedGroup extends VatGroup {
  rate: number;
  category: 'S' | 'Z' | 'AE';
}

export function ublInvoice(exported: ExportedDocument): UblInvoice {
  const fields = exported.document.extraction;
  const credit = documentType(fields) === 'credit_note';
  // Signed as the books have them; UBL writes a credit note's amounts positive.
  const sign = credit ? -1 : 1;
  const seller = fields.vendor ?? {};
  const buyer = fields.customer ?? {};
  const sellerCountry = seller.country ?? vatCountry(seller.vat_id);
  const buyerCountry = buyer.country ?? vatCountry(buyer.vat_id);
  const sellerAddress = vatAddress(seller.vat_id);
  const buyerAddress = vatAddress(buyer.vat_id);
  const groups = vatGroups(fields);

  const refused: string[] = [];
  const need = (value: unknown, term: string) => {
    if (value == null || value === '') refused.push(term);
  };
  need(fields.document_number, 'BT-1 invoice number');
  need(fields.issue_date, 'BT-2 issue date');
  need(fields.currency, 'BT-5 currency');
  need(fields.account_number, 'BT-10 buyer reference (Peppol; taken from the customer account number)');
  need(seller.name, 'BT-27 seller name');
  need(seller.vat_id, 'BT-31 seller VAT identifier');
  need(sellerAddress, 'BT-34 seller electronic address (Peppol; taken from a seller VAT identifier of a country with an address scheme)');
  need(sellerCountry, 'BT-40 seller country');
  need(buyer.name, 'BT-44 buyer name');
  need(buyerAddress, 'BT-49 buyer electronic address (Peppol; taken from a buyer VAT identifier of a country with an address scheme)');
  need(buyerCountry, 'BT-55 buyer country');
  need(groups, 'BG-23 VAT breakdown (a rate with its taxable and VAT amounts)');
  // Peppol carries the German CIUS (XRechnung) rules for an invoice from Germany to Germany.
  if (sellerCountry === 'DE' && buyerCountry === 'DE') {
    const german = (value: unknown, term: string) => need(value, `${term} (German domestic invoice)`);
    german(seller.city, 'BT-37 seller city');
    german(seller.postal_code, 'BT-38 seller post code');
    german(seller.phone, 'BT-42 seller contact telephone');
    german(seller.email, 'BT-43 seller contact email');
    german(buyer.city, 'BT-52 buyer city');
    german(buyer.postal_code, 'BT-53 buyer post code');
    german(fields.banks?.some((bank) => bank.iban) || null, 'BG-16 payment instructions (an IBAN)');
  }
  if (refused.length || !groups) return { refused };

  const reverseCharge = !!buyer.vat_id && vatCountry(buyer.vat_id) !== vatCountry(seller.vat_id);
  const taxed: TaxedGroup[] = groups.map((group) => ({
    ...group,
    rate: group.rate!,
    net: round2(sign * group.net),
    vat: round2(sign * group.vat),
    gross: round2(sign * group.gross),
    // A 0% rate between VAT-registered parties of two countries is the reverse charge; at home it is zero-rated.
    category: group.rate! > 0 ? 'S' : reverseCharge ? 'AE' : 'Z',
  }));
  const lines = billLines(fields, groups).map((line) => ({ ...line, net: round2(sign * line.net), unitPrice: sign * line.unitPrice, vat: round2(sign * line.vat) }));
  const lineTotal = round2(lines.reduce((sum, line) => sum + line.net, 0));
  const taxTotal = round2(taxed.reduce((sum, group) => sum + group.vat, 0));
  const inclusive = round2(lineTotal + taxTotal);
  const rounding = round2(sign * (fields.rounding ?? 0));
  const payable = fields.amount_due != null ? round2(sign * fields.amount_due) : round2(inclusive + rounding);
  const prepaid = round2(inclusive + rounding - payable);

  // The amounts must agree as EN 16931 computes them (BR-CO-10 to BR-CO-17).
  const differs = (printed: number | null | undefined, computed: number) => printed != null && Math.abs(sign * printed - computed) >= 0.01;
  if (differs(fields.subtotal, lineTotal)) refused.push(`BT-109 total without VAT (${fields.subtotal}) is not the sum of the VAT breakdown's taxable amounts (${sign * lineTotal})`);
  if (differs(fields.vat_amount, taxTotal)) refused.push(`BT-110 VAT total (${fields.vat_amount}) is not the sum of the VAT breakdown's VAT amounts (${sign * taxTotal})`);
  if (differs(fields.total, round2(inclusive + rounding))) refused.push(`BT-112 total with VAT (${fields.total}) is not the total without VAT plus VAT${rounding ? ' plus rounding' : ''} (${sign * round2(inclusive + rounding)})`);
  if (prepaid < 0) refused.push(`BT-115 amount due (${fields.amount_due}) is more than the total with VAT (${fields.total ?? sign * inclusive})`);
  for (const group of taxed) {
    if (Math.abs(group.vat - (group.net * group.rate) / 100) >= 1) refused.push(`BT-117 VAT of the ${group.rate}% rate (${sign * group.vat}) is not its taxable amount × rate`);
  }
  if (taxed.some((group) => group.category === 'AE') && taxed.some((group) => group.category !== 'AE')) refused.push('BG-23 a reverse-charge (0%) rate beside a taxed rate: the VAT category of each cannot be told');
  if (refused.length) return { refused };

  const currency = fields.currency!;
  const money = (name: string, value: number) => element(name, amount(value), { currencyID: currency });
  const root = credit ? 'CreditNote' : 'Invoice';
  const lineName = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const iban = fields.banks?.find((bank) => bank.iban)?.iban;
  const bic = fields.banks?.find((bank) => bank.iban === iban)?.swift_bic;

  const body = [
    element('cbc:CustomizationID', CUSTOMIZATION),
    element('cbc:ProfileID', PROFILE),
    element('cbc:ID', fields.document_number!),
    element('cbc:IssueDate', fields.issue_date!),
    credit ? '' : element('cbc:DueDate', fields.due_date),
    element(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    element('cbc:DocumentCurrencyCode', currency),
    element('cbc:BuyerReference', fields.account_number!),
    group('cac:AccountingSupplierParty', party(seller, sellerCountry!, sellerAddress!, true)),
    group('cac:AccountingCustomerParty', party(buyer, buyerCountry!, buyerAddress!, false)),
    iban
      ? group(
          'cac:PaymentMeans',
          element('cbc:PaymentMeansCode', '30'),
          credit ? element('cbc:PaymentDueDate', fields.due_date) : '',
          element('cbc:PaymentID', fields.payment?.reference),
          group('cac:PayeeFinancialAccount', element('cbc:ID', iban), bic ? group('cac:FinancialInstitutionBranch', element('cbc:ID', bic)) : ''),
        )
      : '',
    group(
      'cac:TaxTotal',
      money('cbc:TaxAmount', taxTotal),
      ...taxed.map((g) => group('cac:TaxSubtotal', money('cbc:TaxableAmount', g.net), money('cbc:TaxAmount', g.vat), taxCategory('cac:TaxCategory', g.category, g.rate, true))),
    ),
    group(
      'cac:LegalMonetaryTotal',
      money('cbc:LineExtensionAmount', lineTotal),
      money('cbc:TaxExclusiveAmount', lineTotal),
      money('cbc:TaxInclusiveAmount', inclusive),
      prepaid ? money('cbc:PrepaidAmount', prepaid) : '',
      rounding ? money('cbc:PayableRoundingAmount', rounding) : '',
      money('cbc:PayableAmount', payable),
    ),
    ...lines.map((line, index) => invoiceLine(line, index, lineName, credit, taxed, money, exported)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">${body.join('')}</${root}>\n`;
  return { filename: ublFilename(exported), xml };
}

/** The document's number made safe for a file name, with its id so two vendors' "1001" stay apart. */
export function ublFilename(exported: ExportedDocument): string {
  const number = (exported.document.extraction.document_number ?? 'document').replace(/[^A-Za-z0-9._-]+/gu, '-').slice(0, 60);
  return `${number}_${exported.document.id}.xml`;
}

/** The seller's contact point (BT-41) is the seller itself: a document names no person to ask. */
function party(p: Party, country: string, address: { scheme: string; id: string }, seller: boolean): string {
  return group(
    'cac:Party',
    element('cbc:EndpointID', address.id, { schemeID: address.scheme }),
    group('cac:PostalAddress', element('cbc:StreetName', p.address), element('cbc:CityName', p.city), element('cbc:PostalZone', p.postal_code), element('cbc:CountrySubentity', p.county), group('cac:Country', element('cbc:IdentificationCode', country))),
    p.vat_id ? group('cac:PartyTaxScheme', element('cbc:CompanyID', p.vat_id.replace(/\s+/gu, '').toUpperCase()), group('cac:TaxScheme', element('cbc:ID', 'VAT'))) : '',
    group('cac:PartyLegalEntity', element('cbc:RegistrationName', p.name), element('cbc:CompanyID', p.registry_code)),
    p.email || p.phone ? group('cac:Contact', seller ? element('cbc:Name', p.name) : '', element('cbc:Telephone', p.phone), element('cbc:ElectronicMail', p.email)) : '',
  );
}

function taxCategory(name: string, category: TaxedGroup['category'], rate: number, withReason: boolean): string {
  const reverse = category === 'AE' && withReason;
  return group(
    name,
    element('cbc:ID', category),
    element('cbc:Percent', decimal(rate)),
    reverse ? element('cbc:TaxExemptionReasonCode', 'VATEX-EU-AE') : '',
    reverse ? element('cbc:TaxExemptionReason', 'Reverse charge') : '',
    group('cac:TaxScheme', element('cbc:ID', 'VAT')),
  );
}

function invoiceLine(line: BillLine, index: number, name: string, credit: boolean, taxed: readonly TaxedGroup[], money: (name: string, value: number) => string, exported: ExportedDocument): string {
  const category = taxed.find((g) => g.rate === line.rate)!.category;
  // An item's price is never negative (BR-27); a line that takes something off has a negative quantity.
  const quantity = line.net < 0 ? -Math.abs(line.quantity) : Math.abs(line.quantity);
  const number = exported.document.extraction.document_number;
  const itemName = line.description ?? line.code ?? (line.perRate ? `${number ? `Invoice ${number}` : 'Invoice'}, VAT ${decimal(line.rate!)}%` : `Line ${index + 1}`);
  return group(
    `cac:${name}`,
    element('cbc:ID', String(index + 1)),
    element(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', decimal(quantity), { unitCode: unitCode(line.unit) }),
    money('cbc:LineExtensionAmount', line.net),
    group('cac:Item', element('cbc:Name', itemName.slice(0, 200)), line.code ? group('cac:SellersItemIdentification', element('cbc:ID', line.code)) : '', taxCategory('cac:ClassifiedTaxCategory', category, line.rate!, false)),
    group('cac:Price', element('cbc:PriceAmount', decimal(Math.abs(line.unitPrice)), { currencyID: exported.document.extraction.currency! })),
  );
}

/** An element with text, or nothing when there is no text: Peppol forbids empty elements. */
function element(name: string, text: string | null | undefined, attributes: Record<string, string> = {}): string {
  if (text == null || text.trim() === '') return '';
  const attrs = Object.entries(attributes).map(([key, value]) => ` ${key}="${escape(value)}"`).join('');
  return `<${name}${attrs}>${escape(text.trim())}</${name}>`;
}

function group(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner ? `<${name}>${inner}</${name}>` : '';
}

const escape = (text: string): string => text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');
const amount = (value: number): string => (Object.is(value, -0) ? 0 : value).toFixed(2);
/** Up to four decimals, no exponent, no trailing zeros. */
const decimal = (value: number): string => String(Math.round(value * 10_000) / 10_000);
