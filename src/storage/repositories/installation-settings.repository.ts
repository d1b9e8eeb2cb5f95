import type { Db } from '../database.js';

export class InstallationSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(name: string): Promise<string | undefined> {
    return (await this.db.selectFrom('installation_settings').select('value').where('name', '=', name).executeTakeFirst())?.value;
  }

  /** Sets `name` unless a value is there already (two processes starting at once: the first wins); returns the value kept. */
  async putIfAbsent(name: string, value: string): Promise<string> {
    await this.db.insertInto('installation_settings').values({ name, value }).onConflict((c) => c.column('name').doNothing()).execute();
    return (await this.get(name))!;
  }
}
