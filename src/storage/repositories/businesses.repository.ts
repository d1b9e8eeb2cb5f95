import type { Db } from '../database.js';
import type { BusinessesTable } from '../tables.js';

export class BusinessesRepository {
  constructor(private readonly db: Db) {}

  async insert(row: BusinessesTable): Promise<void> {
    await this.db.insertInto('businesses').values(row).execute();
  }

  /** False when a business of that name exists already (names are unique), also when another process just added it. */
  async insertIfNameIsNew(row: BusinessesTable): Promise<boolean> {
    const inserted = await this.db
      .insertInto('businesses')
      .values(row)
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
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
