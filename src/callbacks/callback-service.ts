// The business's one callback: its configuration and the latest deliveries. Deliveries themselves
// are made by the delivery worker.
import { randomBytes } from 'node:crypto';
import { isoNow, type Clock } from '../clock.js';
import { invalidRequest } from '../errors.js';
import type { Callback, CallbackEventType, SetCallbackBody } from '../schemas/callback.schema.js';
import type { SecretBox } from '../security/secret-box.js';
import type { Store } from '../storage/store.js';
import { checkCallbackUrl, type UrlPolicy } from './callback-url.js';

const LATEST_DELIVERIES = 20;

export class CallbackService {
  constructor(
    private readonly store: Store,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly policy: UrlPolicy,
  ) {}

  async get(businessId: string): Promise<Callback> {
    const config = await this.store.callbacks.find(businessId);
    const deliveries = await this.store.deliveries.latest(businessId, LATEST_DELIVERIES);
    return {
      url: config?.url ?? '',
      enabled: config ? config.enabled === 1 : false,
      events: config?.reviewed_events === 1 ? ['document.processed', 'document.reviewed'] : ['document.processed'],
      updated_at: config?.updated_at ?? null,
      deliveries: deliveries.map((d) => ({
        id: d.id,
        document_id: d.document_id,
        status: d.status,
        attempts: d.attempts,
        last_http_status: d.last_http_status,
        last_error: d.last_error,
        created_at: d.created_at,
        delivered_at: d.delivered_at,
      })),
    };
  }

  async set(businessId: string, body: SetCallbackBody): Promise<Callback> {
    // An empty URL with enabled=false clears the callback; anything else must be a usable endpoint.
    const clearing = body.url === '' && !body.enabled;
    if (!clearing) await checkCallbackUrl(body.url, this.policy);
    if (body.events && !body.events.includes('document.processed')) {
      throw invalidRequest('events must include document.processed: it is sent for every new document');
    }
    const issuedSecret = await this.store.transaction(async (tx) => {
      const current = await tx.callbacks.find(businessId);
      const newSecret = !current || body.rotate_secret ? `whsec_${randomBytes(32).toString('base64url')}` : null;
      // Leaving `events` out keeps what was chosen before (at first, document.processed alone).
      const reviewed = body.events ? body.events.includes('document.reviewed' satisfies CallbackEventType) : current?.reviewed_events === 1;
      const changed = !current || newSecret !== null || current.url !== body.url || (current.enabled === 1) !== body.enabled || (current.reviewed_events === 1) !== reviewed;
      if (!changed) return null;
      await tx.callbacks.upsert({
        business_id: businessId,
        url: body.url,
        enabled: body.enabled ? 1 : 0,
        reviewed_events: reviewed ? 1 : 0,
        secret_ciphertext: newSecret ? this.secrets.seal(newSecret) : current!.secret_ciphertext,
        updated_at: isoNow(this.clock),
      });
      await tx.deliveries.cancelPending(businessId);
      return newSecret;
    });
    const callback = await this.get(businessId);
    return issuedSecret ? { ...callback, signing_secret: issuedSecret } : callback;
  }
}
