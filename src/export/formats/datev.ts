// A DATEV Buchungsstapel (EXTF format 700, category 21, format version 13): the header line, the
// column line, then one booking per VAT rate of each document with its gross amount. Fields are
// separated by ";", text in double quotes, amounts with a decimal comma, lines end in CR LF, the
// file is Windows-1252 (DATEV's default character set).
//
// Konto, Gegenkonto and BU-Schlüssel are left empty: which expense account and which creditor a
// bill is booked to, and the tax key that splits the VAT off, are the bookkeeper's mapping in their
// chart of accounts (SKR 03, SKR 04 or their own). "S" means the amount is debited to Konto (the
// expense); a credit note's booking is "H", its amount positive as DATEV requires.
import { invalidRequest } from '../../errors.js';
import { bookingGroups, documentType, type VatGroup } from '../amounts.js';
import type { ExportedDocument } from '../columns.js';
import { encodeWindows1252 } from '../windows-1252.js';

export interface DatevOptions {
  /** Beraternummer; DATEV checks it against the client the file is imported into. */
  consultant: string;
  /** Mandantennummer. */
  client: string;
  createdAt: Date;
}

/** The format's first 14 columns: everything a booking of a bill takes. */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

type Field = string | number | null;

interface Booking {
  of: ExportedDocument;
  group: VatGroup;
  date: string;
}

export function writeDatevBatch(documents: readonly ExportedDocument[], options: DatevOptions): Buffer {
  const bookings: Booking[] = documents.flatMap((of) => {
    const date = of.document.extraction.issue_date ?? of.document.created_at.slice(0, 10);
    return bookingGroups(of.document.extraction).map((group) => ({ of, group, date }));
  });
  const dates = bookings.map((b) => b.date).sort();
  const first = dates[0] ?? options.createdAt.toISOString().slice(0, 10);
  const last = dates.at(-1) ?? first;
  // The year lives only in the header (Belegdatum is TTMM), so one file holds one fiscal year.
  if (first.slice(0, 4) !== last.slice(0, 4)) throw invalidRequest(`a DATEV batch holds one year; the documents run from ${first} to ${last}: choose from and to within one year`);
  const currencies = new Set(bookings.map((b) => b.of.document.extraction.currency ?? 'EUR'));
  const header: Field[] = [
    text('EXTF'), 700, 21, text('Buchungsstapel'), 13, stamp(options.createdAt), null, text('RE'), text('ledgerlens'), text(''),
    Number(options.consultant), Number(options.client), `${first.slice(0, 4)}0101`, 4, compact(first), compact(last),
    text('Eingangsrechnungen'), text(''), 1, 0, 0, text(currencies.size === 1 ? [...currencies][0]! : 'EUR'), null, text(''), null, null,
    text(''), null, null, text(''), text(''),
  ];
  const lines = [header.map(field).join(';'), DATEV_COLUMNS.join(';'), ...bookings.map((b) => bookingFields(b).map(field).join(';'))];
  return encodeWindows1252(`${lines.join('\r\n')}\r\n`);
}

function bookingFields({ of, group, date }: Booking): Field[] {
  const fields = of.document.extraction;
  const credit = documentType(fields) === 'credit_note';
  const gross = Math.abs(group.gross);
  const label = [fields.vendor?.name, group.rate == null ? null : `${decimal(group.rate, 0)}% USt`].filter(Boolean).join(' ');
  return [
    decimal(gross, 2),
    text(credit ? 'H' : 'S'),
    text(fields.currency ?? 'EUR'),
    null, null, null,
    null, null, null,
    `${date.slice(8, 10)}${date.slice(5, 7)}`,
    text(receiptField(fields.document_number ?? '')),
    text(''),
    null,
    text(label.slice(0, 60)),
  ];
}

/** Belegfeld 1 takes up to 36 characters of letters, digits and $ & % * + - / only. */
function receiptField(number: string): string {
  return number.replace(/[^A-Za-z0-9$&%*+\-/]/gu, '').slice(0, 36);
}

const text = (value: string): string => `"${value.replace(/[\r\n\t]+/gu, ' ').replace(/"/gu, '""')}"`;
const field = (value: Field): string => (value === null ? '' : String(value));
const compact = (day: string): string => day.replaceAll('-', '');
const stamp = (at: Date): string => at.toISOString().replace(/[-:TZ.]/gu, '');

/** A number as DATEV writes it: decimal comma, no thousands separator; a rate without trailing zeros. */
function decimal(value: number, places: number): string {
  const fixed = places === 0 ? String(Math.round(value * 100) / 100) : value.toFixed(places);
  return fixed.replace('.', ',');
}
