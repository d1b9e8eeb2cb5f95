import { Type, type TSchema } from 'typebox';

export const Meta = Type.Object(
  {
    request_id: Type.String(),
    ignored_files: Type.Optional(
      Type.Array(Type.String(), { description: 'Files or pages entries that were supplied but not processed (single-document upload)' }),
    ),
  },
  { additionalProperties: true },
);

/** The success envelope every JSON response uses: `{success: true, data, meta}`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data, meta: Meta }, { additionalProperties: false });
