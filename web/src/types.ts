// The shapes the dashboard reads; they mirror the service's schemas (src/schemas).
export interface Owner {
  id: string;
  email: string;
}

export interface SessionInfo {
  owner: Owner;
  csrf_token: string;
}

export interface Business {
  id: string;
  name: string;
  created_at: string;
}

export interface Duplicate {
  id: string;
  filename: string;
  reasons: string[];
}

export interface DocumentSummary {
  id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  status: 'processed' | 'failed';
  pages: number;
  confidence: number;
  created_at: string;
  duplicates?: Duplicate[];
}

export interface Region {
  page: number;
  box: [number, number, number, number];
}

export interface DocumentDetail extends DocumentSummary {
  extraction: Record<string, unknown>;
  field_confidence: Record<string, number>;
  field_status: Record<string, { status: string; review: boolean }>;
  review_fields: string[];
  warnings: string[];
  regions?: Record<string, Region>;
  raw_text?: string;
}

export interface DocumentList {
  items: DocumentSummary[];
  count: number;
  pagination: { limit: number; next_cursor: string | null };
}

export interface ApiKey {
  id: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CreatedKey {
  id: string;
  label: string;
  secret: string;
  replaces?: string;
}

export interface Delivery {
  id: string;
  document_id: string;
  status: string;
  attempts: number;
  last_http_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface Callback {
  url: string;
  enabled: boolean;
  updated_at: string | null;
  deliveries: Delivery[];
  signing_secret?: string;
}

export interface Usage {
  documents: number;
  pages: number;
  by_type: Record<string, number>;
  last_request_at: string | null;
}

export interface Sender {
  address: string;
  status: 'held' | 'approved' | 'blocked';
  held_messages: number;
  created_at: string;
  updated_at: string;
}

export interface EmailSettings {
  address: string;
  senders: Sender[];
}

export interface SenderDecision {
  address: string;
  status: 'approved' | 'blocked' | null;
  messages: number;
  queued_documents: number;
}
