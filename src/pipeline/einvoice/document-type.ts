// The document type code an e-invoice declares (UNTDID 1001; CII TypeCode, UBL InvoiceTypeCode or
// the CreditNote root). EN 16931 lists these as credit notes; they carry their amounts positive,
// the type alone saying they are credits.
const CREDIT_NOTE_TYPES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export function isCreditNoteType(code: string | null | undefined): boolean {
  return !!code && CREDIT_NOTE_TYPES.has(code.trim());
}
