// What an export can be asked for: one list of formats and sheets for the dashboard's route, the
// CLI and the OpenAPI document (docs/dashboard.md, "Exports").
import { Type, type Static } from 'typebox';

/**
 * csv and xlsx: the generic sheets; xero, quickbooks: those products' bill import CSV; datev: a
 * DATEV Buchungsstapel; ubl: each approved document as an EN 16931 / Peppol BIS Billing 3.0 UBL file.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'xero', 'quickbooks', 'datev', 'ubl'] as const;
export const ExportFormat = Type.Enum([...EXPORT_FORMATS], { default: 'csv', description: 'csv, xlsx: the generic sheets; xero, quickbooks: bill import CSV; datev: DATEV Buchungsstapel; ubl: a zip of EN 16931 UBL invoices' });
export type ExportFormat = Static<typeof ExportFormat>;

/** The sheets of the generic formats (csv, xlsx); the import templates have one layout each. */
export const EXPORT_SHEETS = ['documents', 'line_items', 'vat_rates'] as const;
export const ExportSheet = Type.Enum([...EXPORT_SHEETS], { default: 'documents' });
export type ExportSheet = Static<typeof ExportSheet>;

export const EXPORT_STATES = ['all', 'needs_review', 'approved'] as const;
export const ExportState = Type.Enum([...EXPORT_STATES], { default: 'all' });
export type ExportState = Static<typeof ExportState>;
