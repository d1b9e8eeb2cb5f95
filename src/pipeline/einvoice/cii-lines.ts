// Line items from CII IncludedSupplyChainTradeLineItem, ZUGFeRD 1.0 and CII D16B names side by side.
import type { LineItem } from '../../schemas/document-fields.schema.js';
import { buildLineItem } from './build.js';
import { decimalsOf, isXmlFalse, parseDecimal, roundTo } from './values.js';
import { all, first, textAt, withScheme, type XmlElement } from './xml-tree.js';

const AGREEMENT = 'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement';
const DELIVERY = 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery';
const SETTLEMENT = 'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement';
const LINE_SUM = 'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
export const RATE = 'RateApplicablePercent|ApplicablePercent';

export function ciiLines(transaction: XmlElement | null): LineItem[] {
  const items: LineItem[] = [];
  for (const line of all(transaction, 'IncludedSupplyChainTradeLineItem')) {
    const item = ciiLine(line);
    if (item) items.push(item);
  }
  return items;
}

function ciiLine(line: XmlElement): LineItem | null {
  const product = first(line, 'SpecifiedTradeProduct');
  const agreement = first(line, AGREEMENT);
  const settlement = first(line, SETTLEMENT);
  const billed = first(line, DELIVERY, 'BilledQuantity');
  const quantity = parseDecimal(billed?.text);
  const subtotalText = textAt(settlement, LINE_SUM, 'LineTotalAmount');
  const subtotal = parseDecimal(subtotalText);
  // Free-text lines (ZUGFeRD 1.0 notes, EXTENDED information lines) sell nothing.
  if (!product && quantity === null && subtotal === null) return null;

  const gross = first(agreement, 'GrossPriceProductTradePrice');
  const net = first(agreement, 'NetPriceProductTradePrice');
  // The gross price is the price before line discounts; both are net of VAT.
  const priceText = textAt(gross, 'ChargeAmount') ?? textAt(net, 'ChargeAmount');
  const basis = parseDecimal(textAt(gross, 'BasisQuantity') ?? textAt(net, 'BasisQuantity'));
  const price = parseDecimal(priceText);
  const unitPrice = price === null ? undefined : basis === null || basis === 1 ? price : null;

  return buildLineItem({
    description: textAt(product, 'Name'),
    code: textAt(product, 'SellerAssignedID'),
    // 0160 is the GS1 GTIN scheme; the text is kept as written so leading zeros survive.
    ean: withScheme(all(product, 'GlobalID'), '0160'),
    quantity,
    unit: billed?.attrs['unitCode']?.trim() || null,
    net_unit_price: unitPrice,
    net_unit_price_decimals: decimalsOf(priceText),
    discount_amount: lineDiscount(gross, settlement, quantity, basis),
    subtotal,
    vat_rate: parseDecimal(textAt(settlement, 'ApplicableTradeTax', RATE)),
  });
}

/**
 * Allowances on the line plus price allowances times the quantity, so that
 * quantity × price − discount = subtotal holds where the XML has no charges. Null when there are none.
 */
function lineDiscount(gross: XmlElement | null, settlement: XmlElement | null, quantity: number | null, basis: number | null): number | null {
  let total = 0;
  let found = false;
  for (const allowance of allowances(all(settlement, 'SpecifiedTradeAllowanceCharge'))) {
    total += allowance;
    found = true;
  }
  if (quantity !== null) {
    for (const allowance of allowances(all(gross, 'AppliedTradeAllowanceCharge'))) {
      total += (allowance * quantity) / (basis ?? 1);
      found = true;
    }
  }
  return found && total !== 0 ? roundTo(total, 2) : null;
}

function allowances(charges: XmlElement[]): number[] {
  const amounts: number[] = [];
  for (const charge of charges) {
    if (!isXmlFalse(textAt(charge, 'ChargeIndicator', 'Indicator'))) continue;
    const amount = parseDecimal(textAt(charge, 'ActualAmount'));
    if (amount !== null) amounts.push(amount);
  }
  return amounts;
}
