// The shape of a vendor's document numbers: digits as 9, letters and separators as printed, so
// "INV-2024-0193" and "INV-2025-0007" share "INV-9999-9999" and a VAT id or an amount does not.
export function numberPattern(number: string): string {
  return number.trim().toUpperCase().replace(/\d/gu, '9');
}
