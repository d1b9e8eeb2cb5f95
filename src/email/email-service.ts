// What an owner does with the email channel, for the CLI and the dashboard: see the business's
// inbound address (or replace it), list who has mailed it, approve a sender (its held mail becomes
// documents), block one (held mail discarded, further mail refused) or remove one (held mail
// discarded, further mail held again), and follow received messages and what became of each
// attachment. Held mail nobody decides expires after LEDGERLENS_EMAIL_HOLD_DAYS.
import { isoNow, type Clock } from '../clock.js';
import { invalidRequest, notFound } from '../errors.js';
import { randomToken } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { JobRow } from '../storage/repositories/jobs.repository.js';
import type { MessageStatus, SenderStatus } from '../storage/tables.js';
import { inboundAddress, inboundToken, normaliseAddress } from './addresses.js';
import type { MailIntake, MessageSummary } from './mail-intake.js';
import { readMessage, type ReceivedMail } from './read-message.js';

export interface SenderSummary {
  address: string;
  status: SenderStatus;
  /** Messages waiting for a decision (their attachments become documents on approval). */
  held_messages: number;
  created_at: string;
  updated_at: string;
}

export interface SenderDecision {
  address: string;
  /** null: removed. */
  status: Exclude<SenderStatus, 'held'> | null;
  /** Held messages turned into jobs (approve) or discarded (block, remove). */
  messages: number;
  /** Documents queued from the released messages (approve only). */
  queued_documents: number;
}

/** What became of one document attachment: its job's state once queued. */
export interface AttachmentReport {
  filename: string;
  size_bytes: number;
  email_id: string;
  status: 'held' | 'discarded' | 'expired' | JobRow['status'];
  document_id: string | null;
  error: { code: string; message: string } | null;
}

export interface MessageReport {
  id: string;
  sender: string;
  subject: string;
  message_id: string | null;
  status: MessageStatus;
  received_at: string;
  decided_at: string | null;
  attachments: AttachmentReport[];
  /** Parts that were not documents, or too large, with the reason. */
  ignored: { filename: string; reason: string }[];
}

const TOKEN_CHARS = 20;

export class EmailService {
  constructor(
    private readonly store: Store,
    private readonly intake: MailIntake,
    private readonly clock: Clock,
    private readonly settings: { domain: string; maxFileBytes: number; holdDays: number },
  ) {}

  /** The business's inbound address; the first call creates it. */
  async getInboundAddress(businessId: string): Promise<string> {
    await this.requireBusiness(businessId);
    let token = await this.store.email.tokenOf(businessId);
    if (!token) {
      token = randomToken(TOKEN_CHARS);
      await this.store.email.setToken(businessId, token, isoNow(this.clock));
    }
    return inboundAddress(token, this.settings.domain);
  }

  /** A new inbound address; the old one refuses mail from now on (for an address that attracts spam). */
  async rotateInboundAddress(businessId: string): Promise<string> {
    await this.requireBusiness(businessId);
    const token = randomToken(TOKEN_CHARS);
    await this.store.email.setToken(businessId, token, isoNow(this.clock));
    return inboundAddress(token, this.settings.domain);
  }

  /** The business an SMTP recipient belongs to, or null when it is no inbound address of ours. */
  async businessForRecipient(recipient: string): Promise<string | null> {
    const token = inboundToken(recipient, this.settings.domain);
    return token ? ((await this.store.email.businessOfToken(token)) ?? null) : null;
  }

  async listSenders(businessId: string): Promise<SenderSummary[]> {
    await this.requireBusiness(businessId);
    return (await this.store.email.listSenders(businessId)).map(({ address, status, held_messages, created_at, updated_at }) => ({
      address,
      status,
      held_messages,
      created_at,
      updated_at,
    }));
  }

  /** One sender of the business, or null when it has none by that address. */
  async findSender(businessId: string, address: string): Promise<SenderSummary | null> {
    const sender = await this.senderAddress(businessId, address);
    return (await this.listSenders(businessId)).find((s) => s.address === sender) ?? null;
  }

  /**
   * Approves the sender and turns its held messages into jobs, all in one transaction. Refused with
   * quota_exceeded, changing nothing, when the held documents do not fit the monthly quota.
   */
  async approveSender(businessId: string, address: string): Promise<SenderDecision> {
    const sender = await this.senderAddress(businessId, address);
    const held: { id: string; mail: ReceivedMail }[] = [];
    for (const message of await this.store.email.heldMessages(businessId, sender)) {
      held.push({ id: message.id, mail: await readMessage(message.content, message.sender, this.settings.maxFileBytes) });
    }
    await this.intake.admit(businessId, held.reduce((n, h) => n + h.mail.documents.length, 0));
    return this.store.transaction(async (tx) => {
      await tx.email.setSender(businessId, sender, 'approved', isoNow(this.clock));
      let released = 0;
      let queued = 0;
      for (const message of held) {
        const jobs = await this.intake.accept(tx, businessId, message.mail, message.id);
        if (jobs === null) continue; // decided by someone else meanwhile
        released++;
        queued += jobs;
      }
      return { address: sender, status: 'approved' as const, messages: released, queued_documents: queued };
    });
  }

  /** Blocks the sender: its held mail is discarded and its further mail refused (550). */
  async blockSender(businessId: string, address: string): Promise<SenderDecision> {
    const sender = await this.senderAddress(businessId, address);
    return this.store.transaction(async (tx) => {
      const now = isoNow(this.clock);
      await tx.email.setSender(businessId, sender, 'blocked', now);
      const discarded = await tx.email.endHeld({ businessId, sender }, 'discarded', now);
      return { address: sender, status: 'blocked', messages: discarded, queued_documents: 0 };
    });
  }

  /** Forgets the sender: held mail is discarded; its next mail is held again. not_found for an unknown sender. */
  async removeSender(businessId: string, address: string): Promise<SenderDecision> {
    const sender = await this.senderAddress(businessId, address);
    return this.store.transaction(async (tx) => {
      if (!(await tx.email.deleteSender(businessId, sender))) throw notFound('sender');
      const discarded = await tx.email.endHeld({ businessId, sender }, 'discarded', isoNow(this.clock));
      return { address: sender, status: null, messages: discarded, queued_documents: 0 };
    });
  }

  /** Received messages, newest first, with what became of each attachment. */
  async listMessages(businessId: string, limit = 50): Promise<MessageReport[]> {
    await this.requireBusiness(businessId);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw invalidRequest('limit must be 1 to 500');
    const messages = await this.store.email.listMessages(businessId, limit);
    const jobs = await this.store.jobs.listByBatches(messages.flatMap((m) => (m.batch_id ? [m.batch_id] : [])));
    const jobsByBatch = new Map<string, JobRow[]>();
    for (const job of jobs) jobsByBatch.set(job.batch_id, [...(jobsByBatch.get(job.batch_id) ?? []), job]);
    return messages.map((message) => {
      const summary = JSON.parse(message.summary_json) as MessageSummary;
      const batch = message.batch_id ? (jobsByBatch.get(message.batch_id) ?? []) : [];
      return {
        id: message.id,
        sender: message.sender,
        subject: message.subject,
        message_id: message.message_id,
        status: message.status,
        received_at: message.received_at,
        decided_at: message.decided_at,
        attachments: summary.documents.map((attachment, position) => {
          const job = batch.find((j) => j.position === position);
          return {
            filename: attachment.filename,
            size_bytes: attachment.size_bytes,
            email_id: attachment.email_id,
            status: job?.status ?? (message.status === 'accepted' ? 'queued' : message.status),
            document_id: job?.status === 'succeeded' ? job.document_id : null,
            error: job?.status === 'failed' ? { code: job.error_code ?? 'processing_failed', message: job.error_message ?? '' } : null,
          };
        }),
        ignored: summary.ignored,
      };
    });
  }

  /** Ends held mail older than the hold period (the SMTP listener runs this hourly). Returns how many expired. */
  async expireHeldMail(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.settings.holdDays * 86_400_000).toISOString();
    return this.store.transaction(async (tx) => {
      const expired = await tx.email.endHeld({ receivedBefore: before }, 'expired', now.toISOString());
      await tx.email.deleteSendersWithoutHeldMail();
      return expired;
    });
  }

  private async senderAddress(businessId: string, address: string): Promise<string> {
    await this.requireBusiness(businessId);
    const sender = normaliseAddress(address);
    if (!sender) throw invalidRequest(`"${address}" is not an email address`);
    return sender;
  }

  private async requireBusiness(businessId: string): Promise<void> {
    if (!(await this.store.businesses.findById(businessId))) throw notFound('business');
  }
}
