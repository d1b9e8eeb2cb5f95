// A business's vendor directory as the dashboard and the CLI show and edit it (src/vendors). Not part
// of the public API: the routes are the dashboard's and stay out of /openapi.json.
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common.schema.js';

export const Vendor = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    vat_id: Nullable(Type.String()),
    registry_code: Nullable(Type.String()),
    ibans: Type.Array(Type.String()),
    email_domains: Type.Array(Type.String()),
    addresses: Type.Array(Type.String()),
    default_currency: Nullable(Type.String()),
    vat_rates: Type.Array(Type.Number()),
    number_patterns: Type.Array(Type.String({ description: 'Document numbers as shaped: digits as 9, letters and separators as printed' })),
    documents: Type.Integer({ minimum: 0, description: 'Approved documents the vendor is known from' }),
    learned_fields: Type.Array(Type.String(), { description: 'Fields whose place on the layout was learned from approved documents' }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false, title: 'Vendor' },
);
export type Vendor = Static<typeof Vendor>;

export const VendorList = Type.Object({ items: Type.Array(Vendor) }, { additionalProperties: false });
export type VendorList = Static<typeof VendorList>;

export const VendorParams = Type.Object({ vendor_id: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
export type VendorParams = Static<typeof VendorParams>;

/** A person's values: each member given replaces what is known of it (null clears it). */
export const VendorEdit = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    vat_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }))),
    registry_code: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }))),
    ibans: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }), { maxItems: 10 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type VendorEdit = Static<typeof VendorEdit>;

export const VendorMerge = Type.Object(
  { into: Type.String({ minLength: 1, maxLength: 128, description: 'The vendor that keeps everything known of both' }) },
  { additionalProperties: false },
);
export type VendorMerge = Static<typeof VendorMerge>;

export const VendorDeletion = Type.Object({ id: Type.String(), deleted: Type.Literal(true) }, { additionalProperties: false });
