import type { Hints } from '../schemas/hints.schema.js';

/** One file as it arrived, before anything is known about its content. */
export interface UploadedFile {
  filename: string;
  declaredType: string | null;
  bytes: Buffer;
}

/** What the client asked for alongside its files. */
export interface UploadOptions {
  hints: Hints;
  rawText: boolean;
  regions: boolean;
  /** Read an e-invoice from its page even when it embeds XML: the CLI's measuring mode, never set by the API. */
  ignoreEmbeddedXml?: boolean;
}

import type { SourceChannel } from '../schemas/callback.schema.js';

export type { SourceChannel };

/** Where a document came from, as its callback event names it. */
export interface DocumentSource {
  channel: SourceChannel;
  /** One attachment of one email (src/email); set for the email channel only. */
  emailId?: string | undefined;
}
