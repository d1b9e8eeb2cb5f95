// What each database backend can do, in one table, so the rest of the code asks for a capability
// instead of testing which database it is talking to.
export interface DialectProfile {
  readonly name: 'sqlite' | 'postgres';
  /** Column type for file contents. */
  readonly binaryType: 'blob' | 'bytea';
  /** Column type for fractions (confidence): SQLite's real is a double, PostgreSQL's is 4 bytes. */
  readonly floatType: 'real' | 'double precision';
  /** Row locks that let several workers claim jobs without waiting on each other. */
  readonly skipLocked: boolean;
  /**
   * Transaction-scoped advisory locks, for work that reads and then writes rows no row lock covers (a
   * document's duplicate links). SQLite needs none: it runs one write transaction at a time.
   */
  readonly advisoryLocks: boolean;
  /**
   * The indexes that answer substring searches (the API's `q`, the desk's search): FTS5 trigram tables
   * the query consults itself, or pg_trgm indexes the planner picks for the LIKE.
   */
  readonly substringIndex: 'fts5-trigram' | 'pg-trgm';
}

export const DIALECT_PROFILES: Record<DialectProfile['name'], DialectProfile> = {
  sqlite: { name: 'sqlite', binaryType: 'blob', floatType: 'real', skipLocked: false, advisoryLocks: false, substringIndex: 'fts5-trigram' },
  postgres: { name: 'postgres', binaryType: 'bytea', floatType: 'double precision', skipLocked: true, advisoryLocks: true, substringIndex: 'pg-trgm' },
};
