// What a document prints for each value, and the record of which labelled fields were printed:
// labels are made from that record, so a field is labelled only when the page shows it.
import { decimalsNeeded, formatCents, formatDate, formatFixed, formatRate, type IsoDate } from './format.js';
import { caption, type Layout } from './layout.js';
import type { LabelKey } from './lexicon.js';
import type { DocumentModel } from './model.js';
import type { Party } from './parties.js';

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', SEK: 'kr', PLN: 'zł' };

export interface PrintedLine {
  text: string;
  bold?: boolean;
  size?: number;
}

export class Printer {
  /** Label paths whose value the page shows, e.g. "vendor.vat_id", "line_items[2].subtotal". */
  readonly marks = new Set<string>();

  constructor(readonly model: DocumentModel, readonly layout: Layout) {}

  mark(...paths: string[]): void {
    for (const path of paths) this.marks.add(path);
  }

  caption(key: LabelKey): string {
    return caption(this.layout, key);
  }

  /** A signed amount in cents as printed: "1 234,56", "-12,50". */
  money(cents: number): string {
    return formatCents(cents, this.layout.number);
  }

  /** An amount with the document's currency mark; marks the currency when one is shown. */
  moneyWithCurrency(cents: number): string {
    const amount = this.money(cents);
    const { currency } = this.model;
    const symbol = SYMBOLS[currency] ?? currency;
    switch (this.layout.currency) {
      case 'none': return amount;
      case 'code-after': this.mark('currency'); return `${amount} ${currency}`;
      case 'code-before': this.mark('currency'); return `${currency} ${amount}`;
      case 'symbol-after': this.mark('currency'); return `${amount} ${symbol}`;
      default: this.mark('currency'); return `${symbol}${symbol.length > 1 ? ' ' : ''}${amount}`;
    }
  }

  quantity(milli: number): string {
    return formatFixed(milli, 3, decimalsNeeded(milli, 3, 0), this.layout.number);
  }

  price(units: number, scale: number): string {
    return formatFixed(units, scale, decimalsNeeded(units, scale, 2), this.layout.number);
  }

  rate(rate: number): string {
    return `${formatRate(rate, this.layout.number)}${this.layout.colon ? ' %' : '%'}`;
  }

  date(date: IsoDate): string {
    return formatDate(date, this.layout.datePattern, this.model.lexicon);
  }

  /** The party block's lines, each marking the fields it prints. */
  partyLines(party: Party, role: 'vendor' | 'customer', compact: boolean): PrintedLine[] {
    const { lexicon } = this.model;
    const lines: PrintedLine[] = [{ text: party.name, bold: true }];
    this.mark(`${role}.name`, `${role}.address`, `${role}.postal_code`, `${role}.city`);
    // British addresses put the postcode after the town.
    const postalCity = this.model.country === 'GB' ? `${party.city} ${party.postalCode}` : `${party.postalCode} ${party.city}`;
    if (compact) lines.push({ text: `${party.street}, ${postalCity}` });
    else lines.push({ text: party.street }, { text: postalCity });
    if (this.layout.countryLine) {
      lines.push({ text: lexicon.country_names[party.country] ?? party.country });
      this.mark(`${role}.country`);
    }
    const ids: string[] = [];
    if (party.registryCode) {
      ids.push(`${this.caption('registry_code')} ${party.registryCode}`);
      this.mark(`${role}.registry_code`);
    }
    if (party.vatId && (role === 'vendor' || !party.person)) {
      ids.push(`${this.caption('vat_id')} ${party.vatId}`);
      this.mark(`${role}.vat_id`);
    }
    const contact: string[] = [];
    if (party.phone && (role === 'vendor' || this.layout.customerContact)) {
      contact.push(`${this.caption('phone')} ${party.phone}`);
      this.mark(`${role}.phone`);
    }
    if (party.email && (role === 'vendor' || this.layout.customerContact)) {
      contact.push(`${this.caption('email')} ${party.email}`);
      this.mark(`${role}.email`);
    }
    const rows = compact ? [ids.join('   '), contact.join('   ')] : [...ids, ...contact];
    for (const text of rows) if (text) lines.push({ text });
    return lines;
  }
}

/** Words of `text` wrapped to `width` with `measure`; a word longer than the width stands alone. */
export function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && measure(next) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
