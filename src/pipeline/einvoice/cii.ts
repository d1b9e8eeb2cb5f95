// UN/CEFACT Cross Industry Invoice: Factur-X, ZUGFeRD 2.x and XRechnung (CII D16B, root
// CrossIndustryInvoice) and ZUGFeRD 1.0 (root CrossIndustryDocument), which names several
// aggregates differently; each path below lists both spellings.
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import { buildVatRate, present, uniqueBanks, type MappedInvoice } from './build.js';
import { ciiLines, RATE } from './cii-lines.js';
import { ciiParty } from './cii-party.js';
import { isCreditNoteType } from './document-type.js';
import { bicFromXml, ibanFromXml } from './identifiers.js';
import { paymentMethod } from './payment.js';
import { decimalsOf, parseDecimal, parseXmlDate } from './values.js';
import { all, first, textAt, type XmlElement } from './xml-tree.js';

const CONTEXT = 'ExchangedDocumentContext|SpecifiedExchangedDocumentContext';
const HEADER = 'ExchangedDocument|HeaderExchangedDocument';
const TRANSACTION = 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction';
const AGREEMENT = 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement';
const SETTLEMENT = 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement';
const SUMMATION = 'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation';

export function mapCii(root: XmlElement): MappedInvoice {
  const header = first(root, HEADER);
  const transaction = first(root, TRANSACTION);
  const agreement = first(transaction, AGREEMENT);
  const settlement = first(transaction, SETTLEMENT);
  const summation = first(settlement, SUMMATION);
  const currency = textAt(settlement, 'InvoiceCurrencyCode')?.toUpperCase() ?? null;
  const rounding = amount(summation, 'RoundingAmount');

  const vatRates = all(settlement, 'ApplicableTradeTax').map((tax) => {
    const net = textAt(tax, 'BasisAmount');
    const vat = textAt(tax, 'CalculatedAmount');
    return buildVatRate(parseDecimal(textAt(tax, RATE)), parseDecimal(net), parseDecimal(vat), Math.max(decimalsOf(net), decimalsOf(vat)));
  });
  const banks = uniqueBanks(
    all(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((means) => ({
      name: textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'Name'),
      iban: ibanFromXml(textAt(means, 'PayeePartyCreditorFinancialAccount', 'IBANID')),
      swift_bic: bicFromXml(textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')),
    })),
  );
  const method = all(settlement, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')
    .map((code) => paymentMethod(textAt(code)))
    .find((m) => m !== null);

  const fields: DocumentFields = {
    ...present<DocumentFields>({
      document_number: textAt(header, 'ID'),
      issue_date: ciiDate(first(header, 'IssueDateTime')),
      due_date: all(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime').map(ciiDate).find(Boolean) ?? null,
      currency,
      subtotal: amount(summation, 'TaxBasisTotalAmount'),
      vat_amount: taxTotal(all(summation, 'TaxTotalAmount'), currency),
      // A rounding of zero is the XML saying "none", not an adjustment worth reporting.
      rounding: rounding === 0 ? null : rounding,
      total: amount(summation, 'GrandTotalAmount'),
      amount_due: amount(summation, 'DuePayableAmount'),
      vat_rates: vatRates.length > 0 ? vatRates : null,
      vendor: ciiParty(first(agreement, 'SellerTradeParty')),
      customer: ciiParty(first(agreement, 'BuyerTradeParty')),
      banks: banks.length > 0 ? banks : null,
      payment: method ? { method } : null,
    }),
    line_items: ciiLines(transaction),
  };
  return { profile: textAt(root, CONTEXT, 'GuidelineSpecifiedDocumentContextParameter', 'ID'), creditNote: isCreditNoteType(textAt(header, 'TypeCode')), fields };
}

function amount(from: XmlElement | null, name: string): number | null {
  return parseDecimal(textAt(from, name));
}

/** DateTimeString carries the format; a bare text date is accepted as well. */
function ciiDate(element: XmlElement | null): string | null {
  if (!element) return null;
  const stamp = first(element, 'DateTimeString');
  if (stamp) return parseXmlDate(textAt(stamp), stamp.attrs['format']?.trim() || undefined);
  return parseXmlDate(textAt(element));
}

/** With a tax currency besides the invoice currency there are two totals: take the invoice currency's. */
function taxTotal(totals: XmlElement[], currency: string | null): number | null {
  const inCurrency = totals.find((t) => currency !== null && t.attrs['currencyID']?.trim().toUpperCase() === currency);
  const chosen = inCurrency ?? totals.find((t) => !t.attrs['currencyID']) ?? totals[0];
  return chosen ? parseDecimal(textAt(chosen)) : null;
}
