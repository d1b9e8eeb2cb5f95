// Row shapes of every table, as Kysely sees them. Times are ISO 8601 strings in UTC with
// milliseconds (they sort as text in both dialects); flags are 0/1 integers, which both dialects store alike.
export interface BusinessesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  business_id: string;
  secret_hash: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

export interface DocumentsTable {
  id: string;
  business_id: string;
  filename: string;
  /** Lower-cased filename, so a case-insensitive search is a plain LIKE in every dialect. */
  filename_search: string;
  content_type: string;
  size_bytes: number;
  status: 'processed' | 'failed';
  pages: number;
  confidence: number;
  created_at: string;
  processing_ms: number;
  needs_review: number;
  has_duplicates: number;
  source_channel: 'api' | 'email' | 'dashboard';
  /** Set for documents from email: one attachment of one message (see src/email); unique per business. */
  email_id: string | null;
  file_sha256: string;
  /** JSON of the pipeline outcome: is_document, extraction, field_*, review_fields, warnings, regions?, raw_text? */
  outcome_json: string;
  /** Set when a person approved the document on the review desk; it then leaves `filter=review`. */
  approved_at: string | null;
  /** The owner's email. */
  approved_by: string | null;
  /** File name, vendor, document number and total as the desk searches them (src/documents/desk-search.ts). */
  desk_search: string;
}

/** A person's correction of one field; the Document shows the latest per path over the engine's value. */
export interface CorrectionsTable {
  id: string;
  document_id: string;
  /** The field's path as in field_status ("total", "vendor.name", "line_items[2].total"). */
  path: string;
  /** JSON of the value the Document showed before (the engine's or an earlier correction's). */
  before_json: string;
  after_json: string;
  /** The owner's email. */
  corrected_by: string;
  corrected_at: string;
}

/**
 * A model this installation trained from its own data (`ledgerlens train --with-corrections`): used
 * in place of the shipped file of the same name from the next start. Holds weights only, no document.
 */
export interface InstallationSettingsTable {
  /** "secret_key_fingerprint" */
  name: string;
  value: string;
}

export interface LearnedModelsTable {
  /** The shipped file it replaces, without extension: "field-choice". */
  name: string;
  model_json: string;
  trained_at: string;
  /** How many approved documents it was fitted on. */
  documents: number;
}

/** A vendor of one business (src/vendors); its identifiers and learned places are in the tables below. */
export interface VendorsTable {
  id: string;
  business_id: string;
  /** The name the business approved or typed. */
  name: string;
  /** The name as matched (src/vendors/vendor-name.ts): folded, legal forms and punctuation left out. */
  name_key: string;
  created_at: string;
  updated_at: string;
}

export type VendorFactKind = 'vat_id' | 'registry_code' | 'iban' | 'email_domain' | 'address' | 'currency' | 'vat_rate' | 'number_pattern';

/** One thing a vendor is known by, with the approved document that showed it (null: a person typed it). */
export interface VendorFactsTable {
  id: string;
  vendor_id: string;
  business_id: string;
  kind: VendorFactKind;
  value: string;
  document_id: string | null;
  created_at: string;
}

/** An approved document of a vendor: its layout's fingerprint and where its total, number and date stood. */
export interface VendorDocumentsTable {
  document_id: string;
  vendor_id: string;
  business_id: string;
  layout_json: string;
  anchors_json: string;
  linked_at: string;
}

export interface FilesTable {
  document_id: string;
  content: Buffer;
}

export interface JobsTable {
  id: string;
  business_id: string;
  batch_id: string;
  position: number;
  status: 'queued' | 'processing' | 'succeeded' | 'failed';
  /** Assigned at submission so the batch can name it; the document exists only once the job succeeded. */
  document_id: string;
  filename: string;
  declared_type: string | null;
  options_json: string;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** 'upload': a client waits on it (a synchronous upload handed to the workers); claimed before any batch job. */
  lane: JobLane;
}

export type JobLane = 'batch' | 'upload';

/** When a batch job of the business was last claimed: the business claimed least recently goes next. */
export interface JobTurnsTable {
  business_id: string;
  claimed_at: string;
}

export interface JobInputsTable {
  job_id: string;
  content: Buffer;
}

export interface UsageLedgerTable {
  id: string;
  business_id: string;
  document_id: string;
  doc_type: string;
  pages: number;
  created_at: string;
}

export interface CallbacksTable {
  business_id: string;
  url: string;
  enabled: number;
  /** 1: the business also wants `document.reviewed` events (an approval on the review desk). */
  reviewed_events: number;
  secret_ciphertext: string;
  updated_at: string;
}

export interface DeliveriesTable {
  id: string;
  business_id: string;
  document_id: string;
  event_id: string;
  payload: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  last_http_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface DocumentFingerprintsTable {
  document_id: string;
  business_id: string;
  kind: 'file' | 'image' | 'data';
  /** What is looked up: a SHA-256, one band of an image hash, or a normalised vendor/number/total key. */
  key: string;
  /** What the match is confirmed with: the whole image hash, whether the document printed a number. */
  value: string;
}

export interface DocumentDuplicatesTable {
  document_id: string;
  duplicate_id: string;
  /** Comma-separated reasons in the spec's order: file, image, data. */
  reasons: string;
}

export interface RateWindowsTable {
  key_id: string;
  /** The minute, as an ISO time. */
  window_start: string;
  count: number;
}

export interface EmailInboxesTable {
  business_id: string;
  /** The local part of the business's inbound address: random, so strangers cannot guess it. */
  token: string;
  created_at: string;
}

export type SenderStatus = 'approved' | 'blocked' | 'held';

export interface EmailSendersTable {
  business_id: string;
  /** Lower-cased address. */
  address: string;
  /** held: mail from this sender waits for the owner's decision. */
  status: SenderStatus;
  created_at: string;
  updated_at: string;
}

export type MessageStatus = 'accepted' | 'held' | 'discarded' | 'expired';

export interface EmailMessagesTable {
  id: string;
  business_id: string;
  /** SHA-256 of the sender and the Message-ID (or the raw message when it has none): a retried delivery has the same key. */
  message_key: string;
  message_id: string | null;
  sender: string;
  subject: string;
  status: MessageStatus;
  /** The jobs of its attachments, once accepted. */
  batch_id: string | null;
  /** JSON: the document attachments and the ignored ones with the reason. */
  summary_json: string;
  received_at: string;
  decided_at: string | null;
}

export interface EmailHeldContentTable {
  message_id: string;
  content: Buffer;
}

export interface OwnersTable {
  id: string;
  /** Lower-cased, so sign-in is case-insensitive in every dialect. */
  email: string;
  /** scrypt$N$r$p$salt$hash, base64url parts. */
  password_hash: string;
  created_at: string;
}

export interface OwnerSessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  token_hash: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
}

export interface Tables {
  businesses: BusinessesTable;
  api_keys: ApiKeysTable;
  documents: DocumentsTable;
  files: FilesTable;
  jobs: JobsTable;
  job_turns: JobTurnsTable;
  job_inputs: JobInputsTable;
  usage_ledger: UsageLedgerTable;
  callbacks: CallbacksTable;
  deliveries: DeliveriesTable;
  document_fingerprints: DocumentFingerprintsTable;
  document_duplicates: DocumentDuplicatesTable;
  rate_windows: RateWindowsTable;
  email_inboxes: EmailInboxesTable;
  email_senders: EmailSendersTable;
  email_messages: EmailMessagesTable;
  email_held_content: EmailHeldContentTable;
  owners: OwnersTable;
  owner_sessions: OwnerSessionsTable;
  corrections: CorrectionsTable;
  learned_models: LearnedModelsTable;
  installation_settings: InstallationSettingsTable;
  vendors: VendorsTable;
  vendor_facts: VendorFactsTable;
  vendor_documents: VendorDocumentsTable;
}
