// Upload rate limits per API key and document quotas per business. Both are counted in the database,
// so they hold across every process sharing it. Both are off unless configured: a self-hosted service
// limits its own clients only when its operator says so. Only uploads are limited, as the spec lets
// only the upload operations answer 429 (reads such as job polling never are).
import { isoNow, type Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import type { Store } from '../storage/store.js';

export interface LimitSettings {
  /** Uploads per key per calendar minute; 0: no limit. */
  requestsPerMinute: number;
  /** Documents a business may add per calendar month (UTC); 0: no quota. */
  monthlyDocuments: number;
}

export class RateLimitedError extends ServiceError {
  constructor(
    readonly retryAfterSeconds: number,
    what = 'too many uploads with this API key',
  ) {
    super('rate_limited', `${what}; retry after ${retryAfterSeconds} s`);
  }
}

export class UsageLimits {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: LimitSettings,
  ) {}

  /** Counts the request; throws RateLimitedError once the key's minute is used up. */
  async countRequest(keyId: string): Promise<void> {
    if (!this.settings.requestsPerMinute) return;
    const now = this.clock.now();
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const count = await this.store.rateWindows.hit(keyId, minute.toISOString());
    if (count > this.settings.requestsPerMinute) {
      throw new RateLimitedError(Math.max(1, Math.ceil((minute.getTime() + 60_000 - now.getTime()) / 1000)));
    }
  }

  /**
   * Refuses an upload that would take the business past its monthly quota. Checked before the work,
   * so two uploads racing in different processes may pass the last free place together.
   */
  async admitDocuments(businessId: string, adding: number): Promise<void> {
    if (!this.settings.monthlyDocuments) return;
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    // Queued batch jobs will become documents: they count already.
    const used = (await this.store.usage.countSince(businessId, monthStart)) + (await this.store.jobs.countPending(businessId));
    if (used + adding > this.settings.monthlyDocuments) {
      throw new ServiceError('quota_exceeded', `this business has used ${used} of its ${this.settings.monthlyDocuments} documents this month (${isoNow(this.clock).slice(0, 7)})`);
    }
  }
}
