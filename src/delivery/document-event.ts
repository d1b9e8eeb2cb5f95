// The document.processed event of a newly stored document, queued for delivery in the same
// transaction that stores the document: a crash can neither lose the event nor leave one for a
// document that was not stored. Nothing is queued while the business has no enabled callback, so
// enabling one later does not replay older documents.
import type { CallbackEvent } from '../schemas/callback.schema.js';
import type { Document } from '../schemas/document.schema.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { DocumentsTable } from '../storage/tables.js';

export async function queueDocumentEvent(tx: Store, row: DocumentsTable, document: Document): Promise<void> {
  const callback = await tx.callbacks.find(row.business_id);
  if (!callback || callback.enabled !== 1) return;
  const event: CallbackEvent = {
    id: newId('evt'),
    type: 'document.processed',
    created_at: row.created_at,
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
    next_attempt_at: row.created_at,
    created_at: row.created_at,
    delivered_at: null,
  });
}
