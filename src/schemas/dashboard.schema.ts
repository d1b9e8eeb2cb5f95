// Request and response bodies of the dashboard's own endpoints (/dashboard/api): sessions,
// businesses, keys and the email channel's senders. They are not part of the public API and stay
// out of /openapi.json.
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common.schema.js';
import { DocumentList, DocumentSummary } from './document.schema.js';
import { ExportFormat, ExportSheet, ExportState } from './export.schema.js';
import { ListQuery } from './upload.schema.js';

export const SignInBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

export const SessionInfo = Type.Object(
  {
    owner: Type.Object({ id: Type.String(), email: Type.String() }, { additionalProperties: false }),
    /** Sent back in the X-CSRF-Token header of every state-changing request. */
    csrf_token: Type.String(),
  },
  { additionalProperties: false },
);
export type SessionInfo = Static<typeof SessionInfo>;

export const Business = Type.Object(
  { id: Type.String(), name: Type.String(), created_at: DateTime() },
  { additionalProperties: false },
);
export const BusinessList = Type.Object({ items: Type.Array(Business) }, { additionalProperties: false });

export const CreateBusinessBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type CreateBusinessBody = Static<typeof CreateBusinessBody>;

export const ApiKey = Type.Object(
  { id: Type.String(), label: Type.String(), created_at: DateTime(), revoked_at: Nullable(DateTime()) },
  { additionalProperties: false },
);
export const ApiKeyList = Type.Object({ items: Type.Array(ApiKey) }, { additionalProperties: false });

export const CreateKeyBody = Type.Object({ label: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false });
export type CreateKeyBody = Static<typeof CreateKeyBody>;

export const CreatedKey = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    secret: Type.String({ description: 'Shown once; only its hash is stored' }),
    replaces: Type.Optional(Type.String({ description: 'On rotation: the key revoked in the same step' })),
  },
  { additionalProperties: false },
);

export const RevokedKey = Type.Object({ id: Type.String(), revoked: Type.Literal(true) }, { additionalProperties: false });

export const KeyParams = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const PageParams = Type.Object(
  { document_id: Type.String({ minLength: 1, maxLength: 128 }), page: Type.Integer({ minimum: 1, maximum: 10_000 }) },
  { additionalProperties: false },
);

/** A page's printed words and their boxes (0..1000 of the page as read), for filling a field from the page. */
export const PageWordList = Type.Object(
  {
    words: Type.Array(
      Type.Object({ text: Type.String(), box: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type PageWordList = Static<typeof PageWordList>;

// The email channel of the selected business (src/email's EmailService answers all of it).
const SenderStatus = Type.Enum(['held', 'approved', 'blocked']);

export const Sender = Type.Object(
  {
    address: Type.String(),
    status: SenderStatus,
    held_messages: Type.Integer({ minimum: 0, description: 'Messages waiting for a decision' }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);

export const EmailSettings = Type.Object(
  { address: Type.String({ description: 'Mail sent here by an approved sender becomes documents of the business' }), senders: Type.Array(Sender) },
  { additionalProperties: false },
);

/** The body of "approve up front", and the path parameters of the decisions on a known sender. */
export const SenderAddress = Type.Object({ address: Type.String({ minLength: 3, maxLength: 254 }) }, { additionalProperties: false });
export type SenderAddress = Static<typeof SenderAddress>;

export const SenderDecision = Type.Object(
  {
    address: Type.String(),
    status: Nullable(Type.Enum(['approved', 'blocked'], { description: 'null: removed' })),
    messages: Type.Integer({ minimum: 0, description: 'Held messages released (approve) or discarded (block, remove)' }),
    queued_documents: Type.Integer({ minimum: 0, description: 'Documents queued from the released messages' }),
  },
  { additionalProperties: false },
);

/** The review desk's corrections: a value per field path, checked against that field's schema. */
export const CorrectFieldsBody = Type.Object(
  {
    corrections: Type.Array(
      Type.Object(
        {
          path: Type.String({ minLength: 1, maxLength: 200, description: 'As in field_status: "total", "vendor.name", "line_items[2].total"' }),
          value: Nullable(Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]), { description: 'null clears the field' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type CorrectFieldsBody = Static<typeof CorrectFieldsBody>;

/** An export of documents, their line items or VAT rates (docs/dashboard.md, "Exports"); `ledgerlens export` takes the same. */
export const ExportQuery = Type.Object(
  {
    sheet: Type.Optional(ExportSheet),
    format: Type.Optional(ExportFormat),
    from: Type.Optional(Type.String({ format: 'date', description: 'Issue date from (inclusive); the date received when none was read' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Issue date to (inclusive)' })),
    state: Type.Optional(ExportState),
    datev_consultant: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{3,6}$', description: 'DATEV Beraternummer for the datev format (1001 to 9999999)' })),
    datev_client: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$', description: 'DATEV Mandantennummer for the datev format (1 to 99999)' })),
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;

/** A document's review record on the desk: its approval and every correction, oldest first. */
export const DocumentReview = Type.Object(
  {
    approved_at: Nullable(DateTime()),
    approved_by: Nullable(Type.String()),
    corrections: Type.Array(
      Type.Object(
        { path: Type.String(), before: Type.Unknown(), after: Type.Unknown(), corrected_by: Type.String(), corrected_at: DateTime() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DocumentReview = Static<typeof DocumentReview>;

/** The desk list's query: the public list's, and `approved` among the filters. */
export const DeskQuery = Type.Object(
  { ...ListQuery.properties, filter: Type.Optional(Type.Enum(['all', 'review', 'duplicates', 'approved'], { default: 'all' })) },
  { additionalProperties: false },
);
export type DeskQuery = Static<typeof DeskQuery>;

/** A row of the review desk's list: the public summary and what a bookkeeper scans a list for. */
export const DeskItem = Type.Object(
  {
    ...DocumentSummary.properties,
    vendor_name: Nullable(Type.String()),
    document_number: Nullable(Type.String()),
    issue_date: Nullable(Type.String()),
    total: Nullable(Type.Number()),
    currency: Nullable(Type.String()),
    review_count: Type.Integer({ minimum: 0, description: 'Fields listed for review' }),
    review_state: Type.Enum(['needs review', 'approved', 'processed']),
  },
  { additionalProperties: false },
);
export type DeskItem = Static<typeof DeskItem>;

export const DeskList = Type.Object(
  { items: Type.Array(DeskItem), count: DocumentList.properties.count, pagination: DocumentList.properties.pagination },
  { additionalProperties: false },
);
export type DeskList = Static<typeof DeskList>;
