// UNTDID 4461 payment means codes that say how the invoice was (or is to be) paid. Only card and cash
// are reported: a transfer code only restates that the invoice is payable to the listed account.
import type { DocumentFields } from '../../schemas/document-fields.schema.js';

type Method = NonNullable<NonNullable<DocumentFields['payment']>['method']>;

const METHODS = new Map<string, Method>([
  ['10', 'cash'], // in cash
  ['48', 'card'], // bank card
  ['54', 'card'], // credit card
  ['55', 'card'], // debit card
]);

export function paymentMethod(code: string | null): Method | null {
  return code ? (METHODS.get(code.trim()) ?? null) : null;
}
