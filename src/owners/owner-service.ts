// Workspace owners and their dashboard sessions. One workspace per installation: every owner manages
// every business. A session is an opaque random token in an HttpOnly cookie; the database keeps only
// its SHA-256. The CSRF token is an HMAC of the session token, so it needs no storage and dies with
// the session.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isoNow, type Clock } from '../clock.js';
import { invalidRequest, ServiceError } from '../errors.js';
import { RateLimitedError } from '../limits/usage-limits.js';
import { newId, randomToken } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import { hashPassword, passwordMatches, passwordProblem } from './password.js';

export const SESSION_HOURS = 12;
/** Sign-in attempts allowed per email address, and per client address, in one window. */
const ATTEMPTS_PER_EMAIL = 10;
const ATTEMPTS_PER_CLIENT = 50;
const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Compared against when the email is unknown, so an unknown address takes as long as a wrong password; made on first use. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('ledgerlens decoy password'));

export interface Owner {
  id: string;
  email: string;
}

export interface Session {
  owner: Owner;
  /** The cookie value; shown to the browser only. */
  token: string;
  expiresAt: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed) || trimmed.length > 254) throw invalidRequest('a valid email address is required');
  return trimmed;
}

export class OwnerService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly csrfKey: Buffer,
  ) {}

  async hasOwners(): Promise<boolean> {
    return (await this.store.owners.count()) > 0;
  }

  async create(email: string, password: string): Promise<Owner> {
    const address = normaliseEmail(email);
    const problem = passwordProblem(password);
    if (problem) throw invalidRequest(problem);
    if (await this.store.owners.findByEmail(address)) throw invalidRequest(`an owner with the email ${address} exists`);
    const owner = { id: newId('own'), email: address };
    await this.store.owners.insert({ ...owner, password_hash: await hashPassword(password), created_at: isoNow(this.clock) });
    return owner;
  }

  /** Sets a new password and ends the owner's sessions. */
  async resetPassword(email: string, password: string): Promise<Owner> {
    const address = normaliseEmail(email);
    const problem = passwordProblem(password);
    if (problem) throw invalidRequest(problem);
    const row = await this.store.owners.findByEmail(address);
    if (!row) throw new ServiceError('not_found', `no owner with the email ${address}`);
    await this.store.owners.updatePassword(row.id, await hashPassword(password));
    await this.store.owners.deleteSessionsOf(row.id);
    return { id: row.id, email: row.email };
  }

  /** Checks the password and opens a session; attempts are throttled per address and per client. */
  async signIn(email: string, password: string, client: string): Promise<Session> {
    const address = email.trim().toLowerCase();
    await this.countAttempt(`signin:${address}`, ATTEMPTS_PER_EMAIL);
    await this.countAttempt(`signin-client:${client}`, ATTEMPTS_PER_CLIENT);
    const row = address ? await this.store.owners.findByEmail(address) : undefined;
    const matches = await passwordMatches(password, row?.password_hash ?? (await decoy()));
    if (!row || !matches) throw new ServiceError('invalid_credentials', 'the email address or the password is wrong');
    const now = this.clock.now();
    await this.store.owners.deleteExpiredSessions(now.toISOString());
    const token = randomToken(43);
    const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString();
    await this.store.owners.insertSession({ token_hash: sha256(token), owner_id: row.id, created_at: now.toISOString(), expires_at: expiresAt });
    return { owner: { id: row.id, email: row.email }, token, expiresAt };
  }

  /** The owner of a live session, or null. */
  async authenticate(token: string): Promise<Owner | null> {
    if (!token) return null;
    const row = await this.store.owners.findSession(sha256(token), isoNow(this.clock));
    return row ? { id: row.id, email: row.email } : null;
  }

  signOut(token: string): Promise<void> {
    return this.store.owners.deleteSession(sha256(token));
  }

  csrfTokenFor(sessionToken: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionToken).digest('base64url');
  }

  csrfTokenMatches(sessionToken: string, presented: string): boolean {
    const expected = Buffer.from(this.csrfTokenFor(sessionToken));
    const actual = Buffer.from(presented);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private async countAttempt(key: string, allowed: number): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / ATTEMPT_WINDOW_MS) * ATTEMPT_WINDOW_MS;
    const count = await this.store.rateWindows.hit(key, new Date(windowStart).toISOString());
    if (count > allowed) {
      throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + ATTEMPT_WINDOW_MS - now) / 1000)), 'too many sign-in attempts');
    }
  }
}
