// Request bodies of the two upload endpoints. The JSON forms are validated by the HTTP layer; the
// multipart form is parsed by our own streaming reader, which checks its fields against UploadOptions.
import { Type, type Static } from 'typebox';

const HINTS_DESCRIPTION =
  'Priors for the engine, never trusted over clear evidence on the page. Either a JSON object with any of ' +
  '`language` (ISO 639-1, e.g. "et"), `country` (ISO 3166-1 alpha-2), `currency` (ISO 4217), ' +
  '`date_order` ("DMY", "MDY" or "YMD") and `document_kind` ("invoice", "receipt", "bill", "credit_note"), ' +
  'or a free-text string (kept, not interpreted). See docs/api.md.';

export const UploadOptions = {
  hints: Type.Optional(Type.String({ maxLength: 4096, description: HINTS_DESCRIPTION })),
  raw_text: Type.Optional(Type.Boolean({ default: false, description: 'Store and return the document text' })),
  regions: Type.Optional(Type.Boolean({ default: false, description: 'Store and return field regions' })),
};

const FileMembers = {
  content: Type.String({ minLength: 1, description: 'The file, base64 encoded' }),
  content_type: Type.Optional(
    Type.String({ default: 'image/png', maxLength: 255, description: 'Declared media type; the real type is detected from the bytes' }),
  ),
  filename: Type.Optional(Type.String({ maxLength: 255 })),
};

export const PageEntry = Type.Object(FileMembers, { additionalProperties: false, title: 'PageEntry' });

export const JsonSingleUpload = Type.Object(
  { ...FileMembers, ...UploadOptions },
  { additionalProperties: false, title: 'JsonUpload' },
);

export const JsonPagesUpload = Type.Object(
  { pages: Type.Array(PageEntry, { minItems: 1, maxItems: 100 }), ...UploadOptions },
  { additionalProperties: false, title: 'JsonPagesUpload' },
);

export const JsonUpload = Type.Union([JsonSingleUpload, JsonPagesUpload]);
export type JsonUpload = Static<typeof JsonUpload>;

const Binary = Type.String({ format: 'binary', contentMediaType: 'application/octet-stream' });

/** Multipart text fields arrive as strings; booleans are "true" or "false". */
const MultipartOptions = {
  hints: UploadOptions.hints,
  raw_text: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false' })),
  regions: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false' })),
};
export const MultipartOptionFields = Type.Object(MultipartOptions, { additionalProperties: false });

export const MultipartSingleUpload = Type.Object(
  { file: Binary, ...MultipartOptions },
  { additionalProperties: false, title: 'MultipartUpload' },
);

export const MultipartBatchUpload = Type.Object(
  { files: Type.Array(Binary, { minItems: 1, maxItems: 100 }), ...MultipartOptions },
  { additionalProperties: false, title: 'MultipartBatchUpload' },
);

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    cursor: Type.Optional(Type.String({ maxLength: 512, description: 'Opaque next_cursor from the previous page' })),
    q: Type.Optional(Type.String({ maxLength: 254, description: 'Case-insensitive filename search' })),
    filter: Type.Optional(Type.Enum(['all', 'review', 'duplicates'], { default: 'all' })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const IdParams = (name: 'document_id' | 'job_id') =>
  Type.Object({ [name]: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
