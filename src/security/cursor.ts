// List cursors are opaque: the position (created_at, id) plus a MAC over it, the business, the search
// and the filter. A cursor edited by hand, or reused with another business, search or filter, is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  createdAt: string;
  id: string;
}

export interface CursorScope {
  businessId: string;
  q: string;
  filter: string;
}

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  encode(position: CursorPosition, scope: CursorScope): string {
    const body = Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
    return `${body}.${this.mac(body, scope)}`;
  }

  /** The position, or null when the cursor is not one this service issued for this scope. */
  decode(cursor: string, scope: CursorScope): CursorPosition | null {
    const [body, mac] = cursor.split('.');
    if (!body || !mac || cursor.split('.').length !== 2) return null;
    const expected = Buffer.from(this.mac(body, scope));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
        return { createdAt: value[0] as string, id: value[1] as string };
      }
    } catch {
      // fall through: a MAC-valid but malformed body cannot happen unless the key leaked
    }
    return null;
  }

  private mac(body: string, scope: CursorScope): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([scope.businessId, scope.q, scope.filter, body]))
      .digest('base64url')
      .slice(0, 22);
  }
}
