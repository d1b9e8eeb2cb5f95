import type { Db } from '../database.js';
import type { LearnedModelsTable } from '../tables.js';

export type LearnedModelRow = LearnedModelsTable;

export class LearnedModelsRepository {
  constructor(private readonly db: Db) {}

  find(name: string): Promise<LearnedModelRow | undefined> {
    return this.db.selectFrom('learned_models').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async put(row: LearnedModelRow): Promise<void> {
    const { name, ...rest } = row;
    await this.db.insertInto('learned_models').values(row).onConflict((c) => c.column('name').doUpdateSet(rest)).execute();
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('learned_models').where('name', '=', name).execute();
  }
}
