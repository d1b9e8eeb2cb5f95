// IBANs and BICs as printed ("EE38 2200 2210 2014 5685", "iban: de89-3704…") in their electronic form,
// accepted only when the checksum holds (ibantools), so a mistyped or misread account is never passed on.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

export function normalizeIban(printed: string): string | null {
  const compact = electronicFormatIBAN(printed.replace(/[\s.-]/g, ''));
  return compact && isValidIBAN(compact) ? compact : null;
}

/** Every valid IBAN in a text, in order; printed groups of four may be separated by spaces. */
export function findIbans(text: string): string[] {
  const found: string[] = [];
  const start = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?=[ A-Z0-9])/gu;
  for (const match of text.toUpperCase().matchAll(start)) {
    // The candidate runs on through letters, digits and single spaces; take the longest valid prefix.
    const tail = text.slice(match.index).toUpperCase().match(/^[A-Z0-9]+(?: [A-Z0-9]+)*/u)?.[0] ?? '';
    const parts = tail.split(' ');
    for (let count = parts.length; count > 0; count--) {
      const iban = normalizeIban(parts.slice(0, count).join(''));
      if (iban) {
        if (!found.includes(iban)) found.push(iban);
        break;
      }
    }
  }
  return found;
}

export function normalizeBic(printed: string): string | null {
  const compact = printed.replace(/\s/g, '').toUpperCase();
  return isValidBIC(compact) ? compact : null;
}
