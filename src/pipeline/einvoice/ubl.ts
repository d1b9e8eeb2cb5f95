// OASIS UBL 2.x Invoice and CreditNote (XRechnung UBL, Peppol BIS). Credit notes state positive
// amounts; the document type says they are credits. The amounts are passed on as written, with
// creditNote set; the pipeline gives a credit note's amounts their sign (fields/credit-note-sign.ts).
import type { DocumentFields, LineItem, Party } from '../../schemas/document-fields.schema.js';
import { buildLineItem, buildParty, buildVatRate, present, uniqueBanks, type MappedInvoice } from './build.js';
import { isCreditNoteType } from './document-type.js';
import { bicFromXml, ibanFromXml, vatIdFromXml } from './identifiers.js';
import { paymentMethod } from './payment.js';
import { decimalsOf, isXmlFalse, parseDecimal, parseXmlDate, roundTo } from './values.js';
import { all, first, textAt, withScheme, type XmlElement } from './xml-tree.js';

export function mapUbl(root: XmlElement): MappedInvoice {
  const currency = textAt(root, 'DocumentCurrencyCode')?.toUpperCase() ?? null;
  const totals = first(root, 'LegalMonetaryTotal');
  const rounding = parseDecimal(textAt(totals, 'PayableRoundingAmount'));
  const taxTotal = invoiceCurrencyTaxTotal(all(root, 'TaxTotal'), currency);

  const vatRates = all(taxTotal, 'TaxSubtotal').map((sub) => {
    const net = textAt(sub, 'TaxableAmount');
    const vat = textAt(sub, 'TaxAmount');
    return buildVatRate(parseDecimal(textAt(sub, 'TaxCategory', 'Percent')), parseDecimal(net), parseDecimal(vat), Math.max(decimalsOf(net), decimalsOf(vat)));
  });
  const means = all(root, 'PaymentMeans');
  const banks = uniqueBanks(
    means.map((m) => {
      const branch = first(m, 'PayeeFinancialAccount', 'FinancialInstitutionBranch');
      return {
        name: textAt(branch, 'Name') ?? textAt(branch, 'FinancialInstitution', 'Name'),
        iban: ibanFromXml(textAt(m, 'PayeeFinancialAccount', 'ID')),
        // UBL 2.1 (Peppol) puts the BIC on the branch; UBL 2.0 on the institution.
        swift_bic: bicFromXml(textAt(branch, 'ID') ?? textAt(branch, 'FinancialInstitution', 'ID')),
      };
    }),
  );
  const method = means.map((m) => paymentMethod(textAt(m, 'PaymentMeansCode'))).find((m) => m !== null);
  const dueDate = [textAt(root, 'DueDate'), ...means.map((m) => textAt(m, 'PaymentDueDate')), ...all(root, 'PaymentTerms').map((t) => textAt(t, 'PaymentDueDate'))]
    .map((text) => parseXmlDate(text))
    .find(Boolean);

  const fields: DocumentFields = {
    ...present<DocumentFields>({
      document_number: textAt(root, 'ID'),
      issue_date: parseXmlDate(textAt(root, 'IssueDate')),
      due_date: dueDate ?? null,
      currency,
      subtotal: parseDecimal(textAt(totals, 'TaxExclusiveAmount')),
      vat_amount: parseDecimal(textAt(taxTotal, 'TaxAmount')),
      rounding: rounding === 0 ? null : rounding,
      total: parseDecimal(textAt(totals, 'TaxInclusiveAmount')),
      amount_due: parseDecimal(textAt(totals, 'PayableAmount')),
      vat_rates: vatRates.length > 0 ? vatRates : null,
      vendor: ublParty(first(root, 'AccountingSupplierParty', 'Party')),
      customer: ublParty(first(root, 'AccountingCustomerParty', 'Party')),
      banks: banks.length > 0 ? banks : null,
      payment: method ? { method } : null,
    }),
    line_items: all(root, 'InvoiceLine|CreditNoteLine').map(ublLine),
  };
  const creditNote = root.name === 'CreditNote' || isCreditNoteType(textAt(root, 'InvoiceTypeCode'));
  return { profile: textAt(root, 'CustomizationID'), creditNote, fields };
}

/** A second TaxTotal may restate the tax in the tax currency (without subtotals); take the invoice currency's. */
function invoiceCurrencyTaxTotal(totals: XmlElement[], currency: string | null): XmlElement | null {
  const currencyOf = (total: XmlElement) => first(total, 'TaxAmount')?.attrs['currencyID']?.trim().toUpperCase();
  return totals.find((t) => currency !== null && currencyOf(t) === currency) ?? totals[0] ?? null;
}

function ublParty(party: XmlElement | null): Party | null {
  if (!party) return null;
  const address = first(party, 'PostalAddress');
  const vatScheme = all(party, 'PartyTaxScheme').find((scheme) => textAt(scheme, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT');
  return buildParty({
    name: textAt(party, 'PartyName', 'Name') ?? textAt(party, 'PartyLegalEntity', 'RegistrationName'),
    registry_code: textAt(party, 'PartyLegalEntity', 'CompanyID'),
    vat_id: vatIdFromXml(textAt(vatScheme, 'CompanyID')),
    lines: [textAt(address, 'StreetName'), textAt(address, 'AdditionalStreetName'), ...all(address, 'AddressLine').map((line) => textAt(line, 'Line'))],
    postal_code: textAt(address, 'PostalZone'),
    city: textAt(address, 'CityName'),
    county: textAt(address, 'CountrySubentity'),
    country: textAt(address, 'Country', 'IdentificationCode'),
    // As in CII: the contact's e-mail before the delivery endpoint.
    email: textAt(party, 'Contact', 'ElectronicMail') ?? withScheme(all(party, 'EndpointID'), 'EM'),
    phone: textAt(party, 'Contact', 'Telephone'),
  });
}

function ublLine(line: XmlElement): LineItem {
  const item = first(line, 'Item');
  const price = first(line, 'Price');
  const billed = first(line, 'InvoicedQuantity|CreditedQuantity');
  const quantity = parseDecimal(billed?.text);
  // The price allowance's base amount is the price before the discount (BT-148), the gross price in CII terms.
  const priceText = textAt(price, 'AllowanceCharge', 'BaseAmount') ?? textAt(price, 'PriceAmount');
  const unitPrice = parseDecimal(priceText);
  const basis = parseDecimal(textAt(price, 'BaseQuantity'));

  let discount: number | null = null;
  for (const charge of all(line, 'AllowanceCharge')) {
    if (!isXmlFalse(textAt(charge, 'ChargeIndicator'))) continue;
    const amount = parseDecimal(textAt(charge, 'Amount'));
    if (amount !== null) discount = roundTo((discount ?? 0) + amount, 2);
  }
  const priceAllowance = parseDecimal(textAt(price, 'AllowanceCharge', 'Amount'));
  if (priceAllowance !== null && priceAllowance !== 0 && quantity !== null) {
    discount = roundTo((discount ?? 0) + (priceAllowance * quantity) / (basis ?? 1), 2);
  }

  return buildLineItem({
    description: textAt(item, 'Name'),
    code: textAt(item, 'SellersItemIdentification', 'ID'),
    ean: withScheme(all(item, 'StandardItemIdentification', 'ID'), '0160'),
    quantity,
    unit: billed?.attrs['unitCode']?.trim() || null,
    net_unit_price: unitPrice === null ? undefined : basis === null || basis === 1 ? unitPrice : null,
    net_unit_price_decimals: decimalsOf(priceText),
    discount_amount: discount === 0 ? null : discount,
    subtotal: parseDecimal(textAt(line, 'LineExtensionAmount')),
    vat_rate: parseDecimal(textAt(item, 'ClassifiedTaxCategory', 'Percent')),
  });
}
