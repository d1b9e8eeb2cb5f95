// Businesses and their API keys. Used by the HTTP authentication hook on every request and by
// the CLI (later the dashboard) to create, rotate and revoke keys.
import { isoNow, type Clock } from '../clock.js';
import { invalidRequest, notFound } from '../errors.js';
import { issueKey, parseKey, secretMatches } from '../security/api-key.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { BusinessesTable } from '../storage/tables.js';
import type { ApiKeyListing } from '../storage/repositories/api-keys.repository.js';

export interface CreatedKey {
  keyId: string;
  businessId: string;
  businessName: string;
  label: string;
  /** Shown once; only its hash is stored. */
  secret: string;
}

function checkedBusinessName(businessName: string): string {
  const name = businessName.trim();
  if (!name || name.length > 200) throw invalidRequest('a business name of 1 to 200 characters is required');
  return name;
}

function checkedLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed || trimmed.length > 100) throw invalidRequest('a key label of 1 to 100 characters is required');
  return trimmed;
}

export class KeyService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The key and the business it belongs to, or null when the key is unknown or revoked. */
  async authenticate(presented: string): Promise<{ keyId: string; businessId: string } | null> {
    const parsed = parseKey(presented);
    if (!parsed) return null;
    const row = await this.store.apiKeys.findActive(parsed.id);
    if (!row || !secretMatches(parsed.secretPart, row.secret_hash)) return null;
    return { keyId: row.id, businessId: row.business_id };
  }

  /** Creates a key for the named business, creating the business on first use. */
  async createKey(businessName: string, label = 'default'): Promise<CreatedKey> {
    const name = checkedBusinessName(businessName);
    return this.store.transaction(async (tx) => {
      let business = await tx.businesses.findByName(name);
      if (!business) {
        business = { id: newId('biz'), name, created_at: isoNow(this.clock) };
        await tx.businesses.insert(business);
      }
      return this.issue(tx, business, label);
    });
  }

  /** Creates a business by name; the dashboard's way, where the name must be new. */
  async createBusiness(businessName: string): Promise<BusinessesTable> {
    const name = checkedBusinessName(businessName);
    const business = { id: newId('biz'), name, created_at: isoNow(this.clock) };
    if (!(await this.store.businesses.insertIfNameIsNew(business))) throw invalidRequest(`a business named "${name}" exists`);
    return business;
  }

  /** Creates a key for an existing business. */
  async createKeyFor(businessId: string, label = 'default'): Promise<CreatedKey> {
    return this.store.transaction(async (tx) => {
      const business = await tx.businesses.findById(businessId);
      if (!business) throw notFound('business');
      return this.issue(tx, business, checkedLabel(label));
    });
  }

  /** Issues a replacement for a key and revokes the old one in the same step; `businessId` limits it to that business's keys. */
  async rotateKey(keyId: string, businessId?: string): Promise<CreatedKey> {
    return this.store.transaction(async (tx) => {
      const old = await tx.apiKeys.findActive(keyId);
      if (!old || (businessId && old.business_id !== businessId)) throw notFound('active key');
      const business = await tx.businesses.findById(old.business_id);
      if (!business) throw notFound('business');
      await tx.apiKeys.revoke(keyId, isoNow(this.clock));
      return this.issue(tx, business, old.label);
    });
  }

  async revokeKey(keyId: string, businessId?: string): Promise<void> {
    if (!(await this.store.apiKeys.revoke(keyId, isoNow(this.clock), businessId))) throw notFound('active key');
  }

  /** Every key, or one business's keys. */
  listKeys(businessId?: string): Promise<ApiKeyListing[]> {
    return this.store.apiKeys.list(businessId);
  }

  getBusiness(businessId: string): Promise<BusinessesTable | undefined> {
    return this.store.businesses.findById(businessId);
  }

  listBusinesses(): Promise<BusinessesTable[]> {
    return this.store.businesses.list();
  }

  async hasBusinesses(): Promise<boolean> {
    return (await this.store.businesses.count()) > 0;
  }

  private async issue(tx: Store, business: BusinessesTable, label: string): Promise<CreatedKey> {
    const key = issueKey();
    await tx.apiKeys.insert({
      id: key.id,
      business_id: business.id,
      secret_hash: key.secretHash,
      label,
      created_at: isoNow(this.clock),
      revoked_at: null,
    });
    return { keyId: key.id, businessId: business.id, businessName: business.name, label, secret: key.secret };
  }
}
