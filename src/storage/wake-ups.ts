// Wakes idle workers when work is queued, so a delivery or a job starts within moments of being
// stored instead of at the next poll. On PostgreSQL the notice is a NOTIFY sent in the transaction
// that queues the work (PostgreSQL delivers it when that transaction commits, so the woken worker
// finds the rows) and heard on one LISTEN connection per process; on the embedded store only the
// process's own workers are woken. Polling stays the fallback for everything a notice misses:
// retries that fall due, expired leases, a listener that is reconnecting.
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './database.js';

export type WorkKind = 'jobs' | 'deliveries';

export interface WakeUps {
  /** Call in the transaction that queues the work. */
  announce(db: Db, kind: WorkKind): Promise<void>;
  /** Runs `wake` whenever work of the kind is announced; returns the unsubscribe function. */
  subscribe(kind: WorkKind, wake: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'ledgerlens_work';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

class Subscribers {
  private readonly byKind = new Map<WorkKind, Set<() => void>>();

  add(kind: WorkKind, wake: () => void): () => void {
    const set = this.byKind.get(kind) ?? new Set();
    this.byKind.set(kind, set.add(wake));
    return () => set.delete(wake);
  }

  wake(kind?: WorkKind): void {
    for (const [k, set] of this.byKind) if (!kind || k === kind) for (const wake of set) wake();
  }

  get empty(): boolean {
    return [...this.byKind.values()].every((set) => set.size === 0);
  }
}

/**
 * One process on the embedded store. The woken worker's claim queues behind the announcing
 * transaction on SQLite's single connection, so it sees the committed rows.
 */
export function localWakeUps(): WakeUps {
  const subscribers = new Subscribers();
  return {
    announce: async (_db, kind) => subscribers.wake(kind),
    subscribe: (kind, wake) => subscribers.add(kind, wake),
    close: async () => undefined,
  };
}

/** Every process sharing one PostgreSQL schema. Listens only once something subscribes (a worker). */
export function postgresWakeUps(url: string, log: Logger): WakeUps {
  return new PostgresWakeUps(url, log);
}

class PostgresWakeUps implements WakeUps {
  private readonly subscribers = new Subscribers();
  /** The connection listening or being connected; null while waiting to reconnect. */
  private client: pg.Client | null = null;
  private schema: string | null = null;
  private retryMs = RECONNECT_MIN_MS;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  async announce(db: Db, kind: WorkKind): Promise<void> {
    // Per schema: several stores may share one database.
    await sql`select pg_notify(${CHANNEL}, current_schema() || ' ' || ${kind})`.execute(db);
  }

  subscribe(kind: WorkKind, wake: () => void): () => void {
    const unsubscribe = this.subscribers.add(kind, wake);
    if (!this.client && !this.retry) void this.connect();
    return unsubscribe;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed || this.subscribers.empty) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    client.on('notification', (notice) => {
      const [schema, kind] = (notice.payload ?? '').split(' ');
      if (schema === this.schema && (kind === 'jobs' || kind === 'deliveries')) this.subscribers.wake(kind);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      // Named after the schema, so an operator (or a test) can tell the listeners apart.
      const { rows } = await client.query<{ schema: string }>("select current_schema() as schema, set_config('application_name', 'ledgerlens wake-ups ' || current_schema(), false)");
      await client.query(`listen ${CHANNEL}`);
      if (this.client !== client) return;
      this.schema = rows[0]?.schema ?? null;
      if (this.retryMs > RECONNECT_MIN_MS) this.log.info('listening for work notices again');
      this.retryMs = RECONNECT_MIN_MS;
      // Work may have been announced while nobody listened.
      this.subscribers.wake();
    } catch (err) {
      this.lost(client, err);
      client.end().catch(() => undefined);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.log.warn({ err, retry_ms: this.retryMs }, 'the connection listening for work notices was lost; polling until it is back');
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}
