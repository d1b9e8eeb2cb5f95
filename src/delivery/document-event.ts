// A document's callback event, queued for delivery in the same transaction that stores the document
// (document.processed) or its approval (document.reviewed, when the business asked for it): a crash
// can neither lose the event nor leave one for a change that was not stored. Nothing is queued while
// the business has no enabled callback, so enabling one later does not replay older documents.
import type { CallbackEvent, CallbackEventType } from '../schemas/callback.schema.js';
import type { Document } from '../schemas/document.schema.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { DocumentsTable } from '../storage/tables.js';

/** `at`: when it happened (the document's created_at for document.processed). */
export async function queueDocumentEvent(tx: Store, row: DocumentsTable, document: Document, type: CallbackEventType = 'document.processed', at = row.created_at): Promise<void> {
  const callback = await tx.callbacks.find(row.business_id);
  if (!callback || callback.enabled !== 1 || (type === 'document.reviewed' && callback.reviewed_events !== 1)) return;
  const event: CallbackEvent = {
    id: newId('evt'),
    type,
    created_at: at,
    business_id: row.business_id,
    source: row.email_id ? { channel: row.source_channel, email_id: row.email_id } : { channel: row.source_channel },
    data: document,
  };
  await tx.deliveries.insert({
    id: newId('dlv'),
    business_id: row.business_id,
    document_id: row.id,
    event_id: event.id,
    // Stored as sent: every retry carries exactly these bytes.
    payload: JSON.stringify(event),
    status: 'queued',
    attempts: 0,
    last_http_status: null,
    last_error: null,
    next_attempt_at: at,
    created_at: at,
    delivered_at: null,
  });
}
