import type { Db } from '../database.js';
import type { BusinessesTable } from '../tables.js';

export class BusinessesRepository {
  constructor(private readonly db: Db) {}

  async insert(row: BusinessesTable): Promise<void> {
    await this.db.insertInto('businesses').values(row).execute();
  }

  findByName(name: string): Promise<BusinessesTable | undefined> {
    return this.db.selectFrom('businesses').selectAll().where('name', '=', name).executeTakeFirst();
  }

  findById(id: string): Promise<BusinessesTable | undefined> {
    return this.db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<BusinessesTable[]> {
    return this.db.selectFrom('businesses').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('businesses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
