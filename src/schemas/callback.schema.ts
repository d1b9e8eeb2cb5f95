import { Type, type Static } from 'typebox';
import { Document } from './document.schema.js';

export const DeliveryStatus = Type.Enum(['queued', 'sending', 'delivered', 'failed', 'cancelled']);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

export const Delivery = Type.Object(
  {
    id: Type.String(),
    document_id: Type.String(),
    status: DeliveryStatus,
    attempts: Type.Integer(),
    last_http_status: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false, title: 'Delivery' },
);
export type Delivery = Static<typeof Delivery>;

export const CallbackEventType = Type.Enum(['document.processed', 'document.reviewed']);
export type CallbackEventType = Static<typeof CallbackEventType>;

const Events = Type.Array(CallbackEventType, {
  uniqueItems: true,
  maxItems: 2,
  description: 'The events sent: document.processed always; document.reviewed (a document approved on the review desk) only when listed. Extension of the spec (docs/callbacks.md).',
});

export const Callback = Type.Object(
  {
    url: Type.String({ description: 'Empty string when no callback is configured' }),
    enabled: Type.Boolean(),
    events: Events,
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    signing_secret: Type.Optional(Type.String({ description: 'Returned only on initial setup or secret rotation; never by GET' })),
    deliveries: Type.Array(Delivery, { description: 'Latest 20, newest first' }),
  },
  { additionalProperties: false, title: 'Callback' },
);
export type Callback = Static<typeof Callback>;

export const SetCallbackBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048 }),
    enabled: Type.Boolean(),
    rotate_secret: Type.Optional(Type.Boolean({ default: false })),
    events: Type.Optional(Events),
  },
  { additionalProperties: false, title: 'SetCallbackRequest' },
);
export type SetCallbackBody = Static<typeof SetCallbackBody>;

export const SourceChannel = Type.Enum(['api', 'email', 'dashboard']);
export type SourceChannel = Static<typeof SourceChannel>;

export const CallbackEvent = Type.Object(
  {
    id: Type.String({ description: 'Event id, the deduplication key' }),
    type: CallbackEventType,
    created_at: Type.String({ format: 'date-time' }),
    business_id: Type.String(),
    source: Type.Object(
      { channel: SourceChannel, email_id: Type.Optional(Type.String()) },
      { additionalProperties: false, title: 'EventSource' },
    ),
    data: Document,
  },
  { additionalProperties: false, title: 'CallbackEvent' },
);
export type CallbackEvent = Static<typeof CallbackEvent>;
