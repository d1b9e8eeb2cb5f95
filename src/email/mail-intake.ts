// Decides what becomes of one received message for one business and records it. From an approved
// sender its document attachments are queued as jobs (channel `email`, each with its email_id) in the
// same transaction that records the message; from a sender not yet decided the raw message is held for
// the owner; from a blocked sender it is refused. A message recorded once (same sender and Message-ID)
// is recognised when delivered again and adds nothing.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { isoNow, type Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import { newJobs, type JobOptions } from '../jobs/batch-service.js';
import type { UsageLimits } from '../limits/usage-limits.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { IgnoredAttachment, ReceivedMail } from './read-message.js';

export type IntakeOutcome =
  | { kind: 'accepted'; documents: number }
  | { kind: 'held' }
  | { kind: 'duplicate' }
  /** From a sender not yet approved and with nothing to hold: no document attachment. */
  | { kind: 'ignored' }
  | { kind: 'refused'; smtpCode: number; reply: string };

/** What is recorded of a message's attachments (`summary_json`). */
export interface MessageSummary {
  documents: { filename: string; content_type: string; size_bytes: number; email_id: string }[];
  ignored: IgnoredAttachment[];
}

/**
 * Held messages a business may have at once. The inbound address is unguessable, but once it leaks a
 * stranger could fill the store with held mail; past this, unknown senders are deferred until the
 * owner decides (or the held mail expires).
 */
export const MAX_HELD_MESSAGES = 200;

export interface IntakeOptions {
  /** Held messages a business may have at once; past it mail from unknown senders is deferred (4xx). */
  maxHeldMessages: number;
}

/** Unique per business: the attachment's bytes within the message (sender + Message-ID) it came in. */
export function emailIdOf(businessId: string, messageKey: string, attachmentSha256: string): string {
  return `eml_${createHash('sha256').update(`${businessId}\n${messageKey}\n${attachmentSha256}`).digest('hex').slice(0, 32)}`;
}

export class MailIntake {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly usageLimits: UsageLimits,
    private readonly options: IntakeOptions,
  ) {}

  async receive(businessId: string, mail: ReceivedMail, raw: Buffer): Promise<IntakeOutcome> {
    if (!mail.sender) return { kind: 'refused', smtpCode: 550, reply: '5.1.7 the message names no sender address' };
    const sender = await this.store.email.findSender(businessId, mail.sender);
    if (sender?.status === 'blocked') return { kind: 'refused', smtpCode: 550, reply: '5.7.1 mail from this sender is not accepted here' };
    if (await this.store.email.findMessage(businessId, mail.messageKey)) return { kind: 'duplicate' };
    if (sender?.status === 'approved') {
      try {
        await this.admit(businessId, mail.documents.length);
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'quota_exceeded') return { kind: 'refused', smtpCode: 552, reply: `5.2.2 monthly document quota reached: ${error.message}` };
        throw error;
      }
      const documents = await this.recordOnce(businessId, mail, async (tx) => (await this.accept(tx, businessId, mail, null)) ?? 0);
      return documents === null ? { kind: 'duplicate' } : { kind: 'accepted', documents };
    }
    if (!mail.documents.length) return { kind: 'ignored' };
    if ((await this.store.email.countHeld(businessId)) >= this.options.maxHeldMessages) {
      return { kind: 'refused', smtpCode: 452, reply: '4.2.2 too much mail is waiting for approval at this address' };
    }
    const held = await this.recordOnce(businessId, mail, async (tx) => {
      const now = isoNow(this.clock);
      await tx.email.insertMessage({ ...this.messageRow(businessId, mail, now), status: 'held', batch_id: null, decided_at: null }, raw);
      if (!sender) await tx.email.setSender(businessId, mail.sender!, 'held', now);
      return 0;
    });
    return held === null ? { kind: 'duplicate' } : { kind: 'held' };
  }

  /** Refuses (quota_exceeded) documents the business's monthly quota has no room for. */
  async admit(businessId: string, documents: number): Promise<void> {
    if (documents > 0) await this.usageLimits.admitDocuments(businessId, documents);
  }

  /**
   * Records the message as accepted (or moves the held message `heldId` to accepted) and queues one job
   * per document attachment, inside the caller's transaction. Returns the jobs queued, or null when the
   * held message had been decided meanwhile. The jobs wake the workers as they are queued.
   */
  async accept(tx: Store, businessId: string, mail: ReceivedMail, heldId: string | null): Promise<number | null> {
    const now = isoNow(this.clock);
    const batchId = mail.documents.length ? newId('bat') : null;
    if (heldId) {
      if (!(await tx.email.acceptHeld(heldId, batchId, now))) return null;
    } else {
      await tx.email.insertMessage({ ...this.messageRow(businessId, mail, now), status: 'accepted', batch_id: batchId, decided_at: now });
    }
    if (!batchId) return 0;
    const files = mail.documents.map((attachment) => {
      const options: JobOptions = { hints: {}, rawText: false, regions: false, channel: 'email', emailId: emailIdOf(businessId, mail.messageKey, attachment.sha256) };
      return { file: { filename: attachment.filename, declaredType: attachment.declaredType, bytes: attachment.bytes }, options };
    });
    for (const job of newJobs(businessId, batchId, files, now)) await tx.jobs.insert(job.row, job.content);
    this.log.info({ business_id: businessId, batch_id: batchId, documents: files.length }, 'email attachments queued');
    return files.length;
  }

  private messageRow(businessId: string, mail: ReceivedMail, now: string) {
    const summary: MessageSummary = {
      documents: mail.documents.map((d) => ({
        filename: d.filename,
        content_type: d.declaredType,
        size_bytes: d.bytes.length,
        email_id: emailIdOf(businessId, mail.messageKey, d.sha256),
      })),
      ignored: mail.ignored,
    };
    return {
      id: newId('msg'),
      business_id: businessId,
      message_key: mail.messageKey,
      message_id: mail.messageId,
      sender: mail.sender!,
      subject: mail.subject,
      summary_json: JSON.stringify(summary),
      received_at: now,
    };
  }

  /**
   * Runs the recording transaction; null when the same message was recorded meanwhile by a delivery
   * racing this one (the unique message key refused the second insert).
   */
  private async recordOnce(businessId: string, mail: ReceivedMail, record: (tx: Store) => Promise<number>): Promise<number | null> {
    try {
      return await this.store.transaction(record);
    } catch (error) {
      if (await this.store.email.findMessage(businessId, mail.messageKey)) return null;
      throw error;
    }
  }
}
