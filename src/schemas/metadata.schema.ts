import { Type, type Static } from 'typebox';

export const DocumentTypes = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { id: Type.Literal('document'), label: Type.String(), fields: Type.Integer() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'DocumentTypes' },
);

export const FieldKind = Type.Enum(['string', 'number', 'boolean', 'date', 'object', 'array']);
export type FieldKind = Static<typeof FieldKind>;

export const FieldMetadata = Type.Object(
  {
    type: Type.Literal('document'),
    fields: Type.Record(
      Type.String(),
      Type.Object(
        { type: FieldKind, nullable: Type.Boolean(), description: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'FieldMetadata' },
);
export type FieldMetadata = Static<typeof FieldMetadata>;

export const FieldsQuery = Type.Object(
  { type: Type.Optional(Type.Literal('document', { default: 'document' })) },
  { additionalProperties: false },
);
