import { Type, type Static } from 'typebox';

export const Usage = Type.Object(
  {
    documents: Type.Integer({ description: 'All-time count of processed documents, deleted ones included' }),
    pages: Type.Integer({ description: 'All-time count of processed pages' }),
    by_type: Type.Record(Type.String(), Type.Integer()),
    last_request_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the latest counted document was processed',
    }),
  },
  { additionalProperties: false, title: 'Usage' },
);
export type Usage = Static<typeof Usage>;
