import type { Db } from '../database.js';
import type { OwnerSessionsTable, OwnersTable } from '../tables.js';

export class OwnersRepository {
  constructor(private readonly db: Db) {}

  async insert(row: OwnersTable): Promise<void> {
    await this.db.insertInto('owners').values(row).execute();
  }

  findByEmail(email: string): Promise<OwnersTable | undefined> {
    return this.db.selectFrom('owners').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('owners').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('owners').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async insertSession(row: OwnerSessionsTable): Promise<void> {
    await this.db.insertInto('owner_sessions').values(row).execute();
  }

  /** The session's owner while the session has not expired. */
  findSession(tokenHash: string, now: string): Promise<(OwnersTable & { expires_at: string }) | undefined> {
    return this.db
      .selectFrom('owner_sessions')
      .innerJoin('owners', 'owners.id', 'owner_sessions.owner_id')
      .select(['owners.id', 'owners.email', 'owners.password_hash', 'owners.created_at', 'owner_sessions.expires_at'])
      .where('owner_sessions.token_hash', '=', tokenHash)
      .where('owner_sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of the owner, e.g. when the password changes. */
  async deleteSessionsOf(ownerId: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('owner_id', '=', ownerId).execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('expires_at', '<=', now).execute();
  }
}
