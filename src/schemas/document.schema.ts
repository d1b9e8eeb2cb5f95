// The stored, public shape of a processed document, and its list form.
import { Type, type Static } from 'typebox';
import { DateTime } from './common.schema.js';
import { DocumentFields } from './document-fields.schema.js';

export const DuplicateReason = Type.Enum(['file', 'image', 'data']);
export type DuplicateReason = Static<typeof DuplicateReason>;

export const Duplicate = Type.Object(
  { id: Type.String(), filename: Type.String(), reasons: Type.Array(DuplicateReason) },
  { additionalProperties: false, title: 'Duplicate' },
);
export type Duplicate = Static<typeof Duplicate>;

export const FieldStatusValue = Type.Enum(['read', 'derived', 'review', 'enriched']);
export type FieldStatusValue = Static<typeof FieldStatusValue>;

export const FieldStatus = Type.Object(
  { status: FieldStatusValue, review: Type.Boolean() },
  { additionalProperties: false, title: 'FieldStatus' },
);
export type FieldStatus = Static<typeof FieldStatus>;

export const Region = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    box: Type.Array(Type.Number({ minimum: 0, maximum: 1000 }), {
      minItems: 4,
      maxItems: 4,
      description: '[x0, y0, x1, y1], page-relative on a 0 to 1000 scale',
    }),
    normalized_value: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: false, title: 'Region' },
);
export type Region = Static<typeof Region>;

export const DocumentStatus = Type.Enum(['processed', 'failed']);

const summaryMembers = {
  id: Type.String(),
  filename: Type.String(),
  content_type: Type.String({ description: 'Media type detected from the bytes' }),
  size_bytes: Type.Integer({ minimum: 0 }),
  type: Type.Literal('document'),
  status: DocumentStatus,
  pages: Type.Integer({ minimum: 0 }),
  confidence: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      'The probability that none of the key values (total, issue_date, document_number, vendor.name) needs correcting, calibrated on documents the engine was not fitted on (docs/api.md, Confidence and review); not a guarantee. Review decisions use field_status and review_fields.',
  }),
  created_at: DateTime(),
  processing_ms: Type.Integer({ minimum: 0 }),
  duplicates: Type.Optional(Type.Array(Duplicate)),
};

export const DocumentSummary = Type.Object(summaryMembers, { additionalProperties: false, title: 'DocumentSummary' });
export type DocumentSummary = Static<typeof DocumentSummary>;

/** What the extraction pipeline produces; a Document is this plus the stored metadata. */
export const ExtractionOutcomeMembers = {
  is_document: Type.Boolean(),
  extraction: DocumentFields,
  field_confidence: Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1 }), {
    description: 'Field path -> probability that the value is right, calibrated on documents the engine was not fitted on. Only available scores.',
  }),
  field_status: Type.Record(Type.String(), FieldStatus, { description: 'Field path -> outcome. Only available outcomes.' }),
  review_fields: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
  regions: Type.Optional(Type.Record(Type.String(), Region, { description: 'Present when requested with regions=true' })),
  raw_text: Type.Optional(Type.String({ description: 'Present when requested with raw_text=true and text is available' })),
};

export const Document = Type.Object(
  { ...summaryMembers, ...ExtractionOutcomeMembers },
  { additionalProperties: false, title: 'Document' },
);
export type Document = Static<typeof Document>;

export const DocumentList = Type.Object(
  {
    items: Type.Array(DocumentSummary),
    count: Type.Integer({ minimum: 0, description: 'Number of items on this page' }),
    pagination: Type.Object(
      { limit: Type.Integer(), next_cursor: Type.Union([Type.String(), Type.Null()]) },
      { additionalProperties: false, title: 'Pagination' },
    ),
  },
  { additionalProperties: false, title: 'DocumentList' },
);
export type DocumentList = Static<typeof DocumentList>;

export const Deletion = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false, title: 'Deletion' },
);

/** What one run of the extraction pipeline returns; storage adds the document's metadata. */
export const ExtractionOutcome = Type.Object(
  {
    ...ExtractionOutcomeMembers,
    pages: Type.Integer({ minimum: 1 }),
    confidence: summaryMembers.confidence,
  },
  { additionalProperties: false },
);
export type ExtractionOutcome = Static<typeof ExtractionOutcome>;
