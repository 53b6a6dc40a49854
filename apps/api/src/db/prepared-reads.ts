import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Keeps the app's read statements prepared, so PostgreSQL parses and plans each text once per
 * session instead of on every request (docs/decisions/045-prepared-reads.md): the statistics
 * page's five rankings spend more time in the planner than running (PostgreSQL 0.9 of 1.6 ms,
 * PGlite 2.3 of 2.9 ms). Drizzle sends the same text for every call of a query shape, with the
 * values as parameters, so the text is the key.
 *
 * Only statements outside transactions are affected (drizzle runs those on the pool / the PGlite
 * instance; a transaction has its own client), and only reads: SELECT and WITH … SELECT.
 */

/** Distinct statement texts kept per process (PostgreSQL: per pooled connection). */
export const DEFAULT_MAX_PREPARED = 500;

/** A read the app repeats: `select …`, `with … select …`, or a parenthesised union of selects. */
export function isPreparableRead(text: string): boolean {
  return /^[\s(]*(select|with)\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text);
}

type PoolQuery = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * PostgreSQL (node-postgres): a read's text gets a stable name, and pg prepares that name on each
 * pooled connection the first time it runs there, then only binds and executes it.
 */
export function prepareReadsOnPool(pool: pg.Pool, maxStatements = DEFAULT_MAX_PREPARED): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as PoolQuery;
  const named: PoolQuery = (config, values, callback) => {
    if (isUnnamedQueryConfig(config) && isPreparableRead(config.text)) {
      let name = names.get(config.text);
      if (name === undefined && names.size < maxStatements) {
        name = `tips_read_${names.size + 1}`;
        names.set(config.text, name);
      }
      if (name !== undefined) return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  };
  pool.query = named as typeof pool.query;
}

function isUnnamedQueryConfig(config: unknown): config is { text: string; name?: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { text?: unknown }).text === 'string' &&
    (config as { name?: unknown }).name === undefined
  );
}

interface PgliteStatement {
  name: string;
  paramTypes: number[];
}

/**
 * PGlite: its `query()` parses, describes and plans the text on every call. Reads go instead
 * through named statements kept in a least-recently-used map (the oldest is closed when the map
 * is full), each parsed once and then only bound and executed, with the same result parsing.
 */
export function prepareReadsOnPglite(client: PGlite, maxStatements = DEFAULT_MAX_PREPARED): void {
  const { serialize } = protocol;
  const statements = new Map<string, PgliteStatement>();
  const plainQuery = client.query.bind(client);
  let counter = 0;

  // One call into the engine per exchange, ending with Sync: after an error PostgreSQL skips to
  // the Sync, so the session is ready again, and execProtocol throws the error.
  const exchange = async (...messages: Uint8Array[]) => {
    const all = [...messages, serialize.sync()];
    const joined = new Uint8Array(all.reduce((length, message) => length + message.length, 0));
    let offset = 0;
    for (const message of all) {
      joined.set(message, offset);
      offset += message.length;
    }
    return (await client.execProtocol(joined, { syncToFs: false })).messages;
  };

  const statementFor = async (text: string, options?: QueryOptions): Promise<PgliteStatement> => {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known); // most recently used last
      return known;
    }
    if (statements.size >= maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, PgliteStatement];
      statements.delete(oldestText);
      await exchange(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `tips_read_${++counter}`;
    const described = await exchange(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  };

  const preparedQuery = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    await client._checkReady();
    // The same locks as query(): never inside another caller's transaction, one protocol exchange at a time.
    return client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const statement = await statementFor(text, options);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const oid = statement.paramTypes[i];
          const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
          return serializer ? serializer(param) : String(param);
        });
        const messages = await exchange(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        );
        await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  };

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    isPreparableRead(text) && !options?.blob
      ? preparedQuery<T>(text, params, options)
      : plainQuery<T>(text, params, options)) as typeof client.query;
}
