// Reconciliation: the printed amounts must agree. subtotal + vat_amount + rounding = total, and
// total − payments/credits (+ previous balance) = amount_due. A missing member is derived when the
// others allow it; members that disagree are marked for review instead of being forced to fit.
// Values filled from reference data (a country from a VAT id's prefix, a BIC from an IBAN's bank
// code) are marked enriched.
import type { DocumentKind } from '../fields/context.js';
import type { FieldValue, Findings } from '../fields/find-fields.js';
import ibanToBicModule from 'iban-to-bic';
import { round, type Found } from '../fields/found.js';
import { groupsSum } from '../fields/vat-groups.js';

/** Below this a read value goes to a person even when it reconciles. */
export const REVIEW_BELOW = 0.6;
const CENT = 0.0051;

export function reconcile(findings: Findings, kind: DocumentKind): string[] {
  const warnings: string[] = [];
  const number = (path: string) => {
    const value = findings.get(path)?.value;
    return typeof value === 'number' ? value : undefined;
  };
  const derive = (path: string, value: number, from: string[]) => {
    const confidence = Math.min(...from.map((p) => findings.get(p)?.confidence ?? 0.5));
    findings.set(path, { value: round(value), confidence: round(confidence * 0.95), status: 'derived' });
  };
  const review = (paths: string[]) => {
    for (const path of paths) {
      const found = findings.get(path);
      if (found) found.status = 'review';
    }
  };

  const [subtotal, vat, rounding, total] = [number('subtotal'), number('vat_amount'), number('rounding') ?? 0, number('total')];
  if (subtotal !== undefined && vat !== undefined && total !== undefined) {
    if (Math.abs(subtotal + vat + rounding - total) > CENT) {
      review(['subtotal', 'vat_amount', 'total']);
      warnings.push(`totals_do_not_add_up: subtotal ${subtotal} + VAT ${vat}${rounding ? ` + rounding ${rounding}` : ''} is not the total ${total}`);
    }
  } else if (subtotal !== undefined && vat !== undefined && taxIncluded(findings, subtotal, vat)) {
    // "SubTotal 25.00" over "inclusive of GST @6%  23.58  1.42": the sum printed already holds the tax.
    derive('total', subtotal + rounding, ['subtotal', 'vat_amount']);
    derive('subtotal', subtotal - vat, ['subtotal', 'vat_amount']);
  } else if (subtotal !== undefined && vat !== undefined) {
    derive('total', subtotal + vat + rounding, ['subtotal', 'vat_amount']);
  } else if (total !== undefined && vat !== undefined && Math.abs(vat) < Math.abs(total)) {
    derive('subtotal', total - vat - rounding, ['total', 'vat_amount']);
  } else if (total !== undefined && subtotal !== undefined && Math.abs(subtotal) < Math.abs(total) && kind !== 'receipt') {
    derive('vat_amount', total - subtotal - rounding, ['total', 'subtotal']);
  }

  const finalTotal = number('total');
  const payments = number('payments_credits') ?? 0;
  const previous = number('previous_balance') ?? 0;
  const due = number('amount_due');
  if (finalTotal !== undefined && due === undefined && (kind === 'invoice' || kind === 'credit_note')) {
    derive('amount_due', finalTotal - payments + previous, ['total']);
  } else if (finalTotal !== undefined && due !== undefined && findings.has('previous_balance') && findings.has('payments_credits')) {
    if (Math.abs(finalTotal - payments + previous - due) > CENT) {
      review(['amount_due']);
      warnings.push(`balance_does_not_add_up: previous balance ${previous} − payments ${payments} + charges ${finalTotal} is not the amount due ${due}`);
    }
  }

  checkVatGroups(findings, number('vat_amount'), warnings);

  enrichCountry(findings, 'vendor');
  enrichCountry(findings, 'customer');
  enrichBic(findings);

  for (const found of findings.values()) {
    if (found.status === 'read' && found.confidence < REVIEW_BELOW) found.status = 'review';
  }
  return warnings;
}

/** The groups' VAT must sum to the document's VAT; when it does not, a group was misread or missed. */
/** The VAT groups' gross is the printed subtotal (and their net is not): that subtotal includes the tax. */
function taxIncluded(findings: Findings, subtotal: number, vat: number): boolean {
  const [net, gross] = [groupsSum(findings, 'net'), groupsSum(findings, 'gross')];
  return Math.abs(vat) > CENT && gross !== undefined && net !== undefined && Math.abs(gross - subtotal) <= CENT && Math.abs(net - subtotal) > CENT;
}

function checkVatGroups(findings: Findings, vatAmount: number | undefined, warnings: string[]): void {
  const groupVat = [...findings].filter(([path]) => /^vat_rates\[\d+\]\.vat$/u.test(path)).map(([, found]) => found);
  if (!groupVat.length || vatAmount === undefined) return;
  const sum = groupVat.reduce((total, found) => total + Number(found.value), 0);
  if (Math.abs(sum - vatAmount) <= CENT * groupVat.length) return;
  for (const [path, found] of findings) if (path.startsWith('vat_rates[')) found.status = 'review';
  warnings.push(`vat_groups_do_not_add_up: the VAT groups sum to ${round(sum)}, the document's VAT is ${vatAmount}`);
}

function enrichCountry(findings: Findings, party: string): void {
  const vatId = findings.get(`${party}.vat_id`)?.value;
  if (findings.has(`${party}.country`) || typeof vatId !== 'string') return;
  const prefix = vatId.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (/^[A-Z]{2}$/u.test(country)) {
    const found: Found<FieldValue> = { value: country, confidence: 0.9, status: 'enriched' };
    findings.set(`${party}.country`, found);
  }
}

/** A BIC the page does not print, from the IBAN's national bank code (where that registry is public). */
function enrichBic(findings: Findings): void {
  for (const [path, found] of [...findings]) {
    const bank = /^(banks\[\d+\])\.iban$/u.exec(path)?.[1];
    if (!bank || found.status !== 'read' || findings.has(`${bank}.swift_bic`)) continue;
    const bic = ibanToBicModule.ibanToBic(String(found.value));
    if (bic) findings.set(`${bank}.swift_bic`, { value: bic.replace(/XXX$/u, ''), confidence: 0.9, status: 'enriched' });
  }
}
