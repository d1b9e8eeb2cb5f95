import type { Db } from '../database.js';
import type { ApiKeysTable } from '../tables.js';

export type ApiKeyListing = Omit<ApiKeysTable, 'secret_hash'> & { business_name: string };

export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ApiKeysTable): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** The key row if it exists and is not revoked; read on every request, so revocation is immediate. */
  findActive(id: string): Promise<ApiKeysTable | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  }

  list(businessId?: string): Promise<ApiKeyListing[]> {
    let query = this.db
      .selectFrom('api_keys')
      .innerJoin('businesses', 'businesses.id', 'api_keys.business_id')
      .select([
        'api_keys.id',
        'api_keys.business_id',
        'api_keys.label',
        'api_keys.created_at',
        'api_keys.revoked_at',
        'businesses.name as business_name',
      ])
      .orderBy('api_keys.created_at')
      .orderBy('api_keys.id');
    if (businessId) query = query.where('api_keys.business_id', '=', businessId);
    return query.execute();
  }

  /** True when an active key was revoked. */
  async revoke(id: string, at: string, businessId?: string): Promise<boolean> {
    let query = this.db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null);
    if (businessId) query = query.where('business_id', '=', businessId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
