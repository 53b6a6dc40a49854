import type { Db, Tx } from './client';

/** Runs `work` in a transaction of its own, or in a savepoint of `within` when given one. */
export type RunInTransaction = <T>(work: (tx: Tx) => Promise<T>, within?: Tx) => Promise<T>;

/** The transaction runner services are built with (tests pass an in-memory one). */
export function transactionsOn(db: Db): RunInTransaction {
  return (work, within) => (within ?? db).transaction(work);
}
