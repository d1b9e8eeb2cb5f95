// The package's public surface for embedding and for receivers of callbacks.
export { createServices, type Services } from './app/services.js';
export { buildServer } from './api/server.js';
export { loadConfig, type Config } from './config/config.js';
export type { Document, DocumentSummary } from './schemas/document.schema.js';
export type { DocumentFields } from './schemas/document-fields.schema.js';
export { extractFromWords } from './pipeline/extract.js';
export { parseWordsFile, WordsFileError } from './pipeline/words-input.js';
export type { WordsFile } from './schemas/words-file.schema.js';
export type { CallbackEvent } from './schemas/callback.schema.js';
export {
  verifyCallback,
  CallbackVerificationError,
  DEFAULT_TOLERANCE_SECONDS,
  type CallbackHeaders,
  type CallbackVerificationFailure,
  type VerifyOptions,
} from './delivery/verify-callback.js';
