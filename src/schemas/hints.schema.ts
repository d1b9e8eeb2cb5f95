import { Type, type Static } from 'typebox';

/** The structured form of the `hints` upload member: priors for the engine, never trusted over the page. */
export const Hints = Type.Object(
  {
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$', description: 'ISO 639-1 language code' })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' })),
    date_order: Type.Optional(Type.Enum(['DMY', 'MDY', 'YMD'])),
    document_kind: Type.Optional(Type.Enum(['invoice', 'receipt', 'bill', 'credit_note'])),
  },
  { additionalProperties: false, title: 'Hints' },
);
export type Hints = Static<typeof Hints> & { text?: string };
