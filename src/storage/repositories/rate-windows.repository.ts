import type { Db } from '../database.js';

export class RateWindowsRepository {
  constructor(private readonly db: Db) {}

  /** Counts one request in the key's window and returns the window's count, this request included. */
  async hit(keyId: string, windowStart: string): Promise<number> {
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key_id: keyId, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['key_id', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_windows.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('rate_windows').where('key_id', '=', keyId).where('window_start', '<', windowStart).execute();
    return Number(row.count);
  }
}
