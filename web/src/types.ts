// The shapes the dashboard reads are the service's own schemas (src/schemas), taken as TypeScript
// types (TypeBox's Static): the definitions that validate the API, serialize its answers and name
// the components of /openapi.json type these screens too, so a changed member breaks this build
// rather than a screen. Type-only imports: nothing of src/ reaches the bundle. See docs/dashboard.md.
import type { Static } from 'typebox';
import type * as Dashboard from '../../src/schemas/dashboard.schema.js';

export type { Document as DocumentDetail, DocumentList, DocumentSummary, Duplicate, Region } from '../../src/schemas/document.schema.js';
export type { DocumentFields } from '../../src/schemas/document-fields.schema.js';
export type { Callback, Delivery } from '../../src/schemas/callback.schema.js';
export type { Usage } from '../../src/schemas/usage.schema.js';
export type { Vendor } from '../../src/schemas/vendor.schema.js';

export type SessionInfo = Dashboard.SessionInfo;
export type Owner = SessionInfo['owner'];
export type Business = Static<typeof Dashboard.Business>;
export type ApiKey = Static<typeof Dashboard.ApiKey>;
export type CreatedKey = Static<typeof Dashboard.CreatedKey>;
export type Sender = Static<typeof Dashboard.Sender>;
export type EmailSettings = Static<typeof Dashboard.EmailSettings>;
export type SenderDecision = Static<typeof Dashboard.SenderDecision>;
export type DocumentReview = Static<typeof Dashboard.DocumentReview>;
export type DeskList = Static<typeof Dashboard.DeskList>;
export type PageWordList = Static<typeof Dashboard.PageWordList>;
export type { ExportFormat, ExportSheet } from '../../src/schemas/export.schema.js';
