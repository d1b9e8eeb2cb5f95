// The DATEV batch's edges: one year per file, Windows-1252 text, Belegfeld 1's character set, and a
// credit note booked "H" with its amount positive.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServiceError } from '../../errors.js';
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import type { ExportedDocument } from '../columns.js';
import { writeDatevBatch } from './datev.js';

const exported = (extraction: Partial<DocumentFields>): ExportedDocument => ({
  document: { id: 'doc_1', filename: 'bill.pdf', created_at: '2024-01-02T00:00:00.000Z', review_fields: [], extraction: { line_items: [], ...extraction } } as unknown as ExportedDocument['document'],
  approvedAt: null,
  approvedBy: null,
});

const options = { consultant: '1001', client: '1', createdAt: new Date('2024-05-01T12:00:00.000Z') };

test('a batch holds one year: documents of two years are a 400 naming the range', () => {
  const documents = [exported({ issue_date: '2023-12-31', total: 10, vat_amount: 0 }), exported({ issue_date: '2024-01-01', total: 10, vat_amount: 0 })];
  assert.throws(() => writeDatevBatch(documents, options), (error: unknown) => error instanceof ServiceError && /one year; the documents run from 2023-12-31 to 2024-01-01/u.test(error.message));
});

test('text is Windows-1252 ("€" one byte, a letter outside it "?"), Belegfeld 1 keeps only what DATEV allows, a credit note is "H"', () => {
  const bytes = writeDatevBatch([exported({ issue_date: '2024-02-29', document_number: 'GS 2024/07 #3', total: -119, subtotal: -100, vat_amount: -19, vendor: { name: 'Žalgiris € ėė' } })], options);
  const booking = bytes.toString('latin1').split('\r\n')[2]!;
  assert.equal(booking, '119,00;"H";"EUR";;;;;;;2902;"GS2024/073";"";;"\x8ealgiris \x80 ?? 19% USt"');
});
