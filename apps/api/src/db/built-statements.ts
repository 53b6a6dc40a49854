/**
 * Drizzle statements built once and then only run with their values (decision 186): building a
 * select (walking its tree into SQL text) costs a busy read about as much as the database does.
 * A statement is kept per database handle and per shape (which conditions and order it has; its
 * values are placeholders filled at execute). Bounded: past `max` shapes, the map starts over.
 */
export function builtStatements<Statement>(prefix: string, max = 256) {
  const byDb = new WeakMap<object, Map<string, Statement>>();
  let built = 0;
  /** `build` gets a name for the statement, unique in the process (PostgreSQL prepares it by name). */
  return (db: object, shape: string, build: (name: string) => Statement): Statement => {
    const statements = byDb.get(db) ?? new Map<string, Statement>();
    byDb.set(db, statements);
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= max) statements.clear();
      statement = build(`${prefix}_${++built}`);
      statements.set(shape, statement);
    }
    return statement;
  };
}
