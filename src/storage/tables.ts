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
  file_sha256: string;
  /** JSON of the pipeline outcome: is_document, extraction, field_*, review_fields, warnings, regions?, raw_text? */
  outcome_json: string;
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
  job_inputs: JobInputsTable;
  usage_ledger: UsageLedgerTable;
  callbacks: CallbacksTable;
  deliveries: DeliveriesTable;
  document_fingerprints: DocumentFingerprintsTable;
  document_duplicates: DocumentDuplicatesTable;
  rate_windows: RateWindowsTable;
  owners: OwnersTable;
  owner_sessions: OwnerSessionsTable;
}
