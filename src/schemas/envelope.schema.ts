import { Type, type TSchema } from 'typebox';

export const Meta = Type.Object(
  {
    request_id: Type.String(),
    ignored_files: Type.Optional(
      Type.Array(Type.String(), { description: 'Files or pages entries that were supplied but not processed (single-document upload)' }),
    ),
  },
  { additionalProperties: true, title: 'Meta' },
);

/**
 * The success envelope every JSON response uses: `{success: true, data, meta}`. Around a titled
 * schema it is titled too, and so named in /openapi.json: DocumentResponse, JobResponse, ...
 */
export const Envelope = <T extends TSchema>(data: T) => {
  const title = (data as { title?: unknown }).title;
  return Type.Object(
    { success: Type.Literal(true), data, meta: Meta },
    { additionalProperties: false, ...(typeof title === 'string' ? { title: `${title}Response` } : {}) },
  );
};
