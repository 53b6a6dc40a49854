import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Prepared statements that run inside the caller's transaction, for the money hot paths.
 *
 * Drizzle's `.prepare(name)` binds a statement to the client it was built on, so one built once on
 * the pool would run outside the caller's transaction (drizzle-orm#613), and one built on each
 * transaction rebuilds its SQL every time (about 0.1 ms for a wide select). `prepared(build)` builds
 * the statement once per driver, `build(db)` returning a `.prepare('name')` query whose values are
 * all `sql.placeholder`s, and gives each caller a copy pointed at the caller's own connection: the
 * SQL string is built once per process, and node-postgres parses the named statement once per
 * connection. Both drivers' prepared queries send through their `client` field (drizzle-orm 0.45);
 * prepared.int.test.ts fails if that ever changes.
 */
export function prepared<Q extends { execute(values?: Record<string, unknown>): Promise<unknown> }>(
  build: (db: DbOrTx) => Q,
): (db: DbOrTx) => Q {
  const byDriver = new Map<unknown, Q>();
  return (db) => {
    const session = db._.session;
    let statement = byDriver.get(session.constructor);
    if (!statement) {
      statement = build(db);
      byDriver.set(session.constructor, statement);
    }
    const { client } = session as unknown as { client: unknown };
    return Object.create(statement, { client: { value: client } }) as Q;
  };
}

/**
 * A named raw statement, for what the query builder cannot say (data-modifying CTEs, unnest).
 * Values are `sql.placeholder`s. Rows come back as the driver gives them: column names as in the
 * database, timestamps as strings, int8 as strings on node-postgres (see `mapRow`).
 */
export function preparedSql<Row = Record<string, unknown>>(name: string, statement: SQL) {
  const statementOn = prepared((db) =>
    db._.session.prepareQuery(db.execute(statement).getQuery(), undefined, name, false),
  );
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await statementOn(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/** A raw row of `table` (database column names, driver values) as Drizzle would have mapped it. */
export function mapRow<T extends Table>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/**
 * A `json`/`jsonb` value of a raw row: node-postgres parses it, PGlite hands it over as text. The
 * caller says what the SQL built (`json_build_object`, `json_agg`…).
 */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
