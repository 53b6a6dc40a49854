import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tips, tipsters } from './catalogue';

/**
 * The AI tier (issue #17, decisions 070–071). Each fit of a country's Dixon–Coles model is a model
 * version: its parameters and the latest kick-off whose result it could use (the data cut-off),
 * so every AI pick can be traced to what was known when it was made.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: serial('id').primaryKey(),
    /** competitions.country: a country's divisions are fitted together. */
    country: text('country').notNull(),
    /** Only results of matches kicked off by cut-off − 115 minutes were in the fit. */
    dataCutoff: timestamp('data_cutoff', { withTimezone: true }).notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
    matches: integer('matches').notNull(),
    /** DixonColesParams: goal scales, ρ, half-time shares, every team's attack and defence. */
    parameters: jsonb('parameters').notNull(),
  },
  (t) => [
    // A re-fit on the same data is the same version.
    unique('model_versions_country_cutoff_uq').on(t.country, t.dataCutoff),
    index('model_versions_latest_idx').on(t.country, sql`${t.dataCutoff} desc`),
  ],
);

/**
 * One row per AI pick: which tier published which tip on which UTC day from which model version.
 * The primary key makes a tier's daily pick idempotent (a second worker or a restart adds nothing).
 */
export const aiPicks = pgTable(
  'ai_picks',
  {
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id),
    day: date('day', { mode: 'string' }).notNull(),
    tipId: integer('tip_id')
      .notNull()
      .references(() => tips.id)
      .unique(),
    modelVersionId: integer('model_version_id')
      .notNull()
      .references(() => modelVersions.id),
    /** The model's hit probability for the pick (the tier's threshold was met). */
    hitProbability: doublePrecision('hit_probability').notNull(),
    /**
     * The model's expected profit per unit staked at the tip's odds (a half win pays half, a half
     * loss loses half, a void returns the stake): the edge its card and analysis state. Null for a
     * pick recorded before migration 0028, which stored the hit probability only.
     */
    modelEdge: doublePrecision('model_edge'),
  },
  (t) => [primaryKey({ columns: [t.tipsterId, t.day] })],
);
