import type { tipRefunds, tips, tipsters } from './schema';

/**
 * Row types for code outside repositories: a service may name a row's shape without importing the
 * schema (the boundary check lets only repositories and db/ import it, type-only imports included).
 */
export type TipRow = typeof tips.$inferSelect;
export type TipsterRow = typeof tipsters.$inferSelect;
export type TipRefundRow = typeof tipRefunds.$inferSelect;
