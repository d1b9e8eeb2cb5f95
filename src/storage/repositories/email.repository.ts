// Inbound addresses, senders and received messages of the email channel. Held messages keep their raw
// bytes in email_held_content until they are decided; decided ones keep only their row, which is what
// recognises a retried delivery.
import type { Db } from '../database.js';
import type { EmailMessagesTable, EmailSendersTable, MessageStatus, SenderStatus } from '../tables.js';

export type EmailMessageRow = EmailMessagesTable;
export type EmailSenderRow = EmailSendersTable;
export type SenderListing = EmailSenderRow & { held_messages: number };

export class EmailRepository {
  constructor(private readonly db: Db) {}

  async tokenOf(businessId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('email_inboxes').select('token').where('business_id', '=', businessId).executeTakeFirst();
    return row?.token;
  }

  /** Sets the business's token, replacing any earlier one (the old address stops working at once). */
  async setToken(businessId: string, token: string, now: string): Promise<void> {
    await this.db
      .insertInto('email_inboxes')
      .values({ business_id: businessId, token, created_at: now })
      .onConflict((oc) => oc.column('business_id').doUpdateSet({ token, created_at: now }))
      .execute();
  }

  async businessOfToken(token: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('email_inboxes').select('business_id').where('token', '=', token).executeTakeFirst();
    return row?.business_id;
  }

  findSender(businessId: string, address: string): Promise<EmailSenderRow | undefined> {
    return this.db.selectFrom('email_senders').selectAll().where('business_id', '=', businessId).where('address', '=', address).executeTakeFirst();
  }

  async setSender(businessId: string, address: string, status: SenderStatus, now: string): Promise<void> {
    await this.db
      .insertInto('email_senders')
      .values({ business_id: businessId, address, status, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['business_id', 'address']).doUpdateSet({ status, updated_at: now }))
      .execute();
  }

  async deleteSender(businessId: string, address: string): Promise<boolean> {
    const result = await this.db.deleteFrom('email_senders').where('business_id', '=', businessId).where('address', '=', address).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async listSenders(businessId: string): Promise<SenderListing[]> {
    const rows = await this.db
      .selectFrom('email_senders as s')
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('email_messages as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.business_id', '=', 's.business_id')
          .whereRef('m.sender', '=', 's.address')
          .where('m.status', '=', 'held')
          .as('held_messages'),
      )
      .where('s.business_id', '=', businessId)
      .orderBy('s.status')
      .orderBy('s.address')
      .execute();
    return rows.map((r) => ({ ...r, held_messages: Number(r.held_messages ?? 0) }));
  }

  findMessage(businessId: string, messageKey: string): Promise<EmailMessageRow | undefined> {
    return this.db
      .selectFrom('email_messages')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('message_key', '=', messageKey)
      .executeTakeFirst();
  }

  async insertMessage(row: EmailMessageRow, heldContent?: Buffer): Promise<void> {
    await this.db.insertInto('email_messages').values(row).execute();
    if (heldContent) await this.db.insertInto('email_held_content').values({ message_id: row.id, content: heldContent }).execute();
  }

  /** The held messages of one sender with their raw bytes, oldest first. */
  async heldMessages(businessId: string, sender: string): Promise<(EmailMessageRow & { content: Buffer })[]> {
    return this.db
      .selectFrom('email_messages as m')
      .innerJoin('email_held_content as c', 'c.message_id', 'm.id')
      .selectAll('m')
      .select('c.content')
      .where('m.business_id', '=', businessId)
      .where('m.sender', '=', sender)
      .where('m.status', '=', 'held')
      .orderBy('m.received_at')
      .orderBy('m.id')
      .execute();
  }

  async countHeld(businessId: string): Promise<number> {
    const row = await this.db
      .selectFrom('email_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Moves a held message to accepted; false when it was no longer held (decided elsewhere meanwhile). */
  async acceptHeld(id: string, batchId: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('email_messages')
      .set({ status: 'accepted', batch_id: batchId, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'held')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('email_held_content').where('message_id', '=', id).execute();
    return true;
  }

  /** Ends held mail without documents: of one sender (block, remove) or all older than a time (expiry). */
  async endHeld(
    scope: { businessId: string; sender: string } | { receivedBefore: string },
    status: Extract<MessageStatus, 'discarded' | 'expired'>,
    now: string,
  ): Promise<number> {
    let ids = this.db.selectFrom('email_messages').select('id').where('status', '=', 'held');
    ids = 'sender' in scope ? ids.where('business_id', '=', scope.businessId).where('sender', '=', scope.sender) : ids.where('received_at', '<', scope.receivedBefore);
    const ended = (await ids.execute()).map((r) => r.id);
    if (!ended.length) return 0;
    await this.db.deleteFrom('email_held_content').where('message_id', 'in', ended).execute();
    await this.db.updateTable('email_messages').set({ status, decided_at: now }).where('id', 'in', ended).where('status', '=', 'held').execute();
    return ended.length;
  }

  /** Senders still marked held although none of their mail is (it expired). */
  async deleteSendersWithoutHeldMail(): Promise<void> {
    await this.db
      .deleteFrom('email_senders')
      .where('status', '=', 'held')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('email_messages as m')
              .select('m.id')
              .whereRef('m.business_id', '=', 'email_senders.business_id')
              .whereRef('m.sender', '=', 'email_senders.address')
              .where('m.status', '=', 'held'),
          ),
        ),
      )
      .execute();
  }

  /** Newest first. */
  listMessages(businessId: string, limit: number): Promise<EmailMessageRow[]> {
    return this.db
      .selectFrom('email_messages')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
