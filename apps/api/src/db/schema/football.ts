import { FIXTURE_STATUSES } from '@tips/contract/rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The football domain: competitions, seasons, teams and fixtures, filled by a data feed
 * (openfootball files, football-data.org, or the demo's replay). Tips point at fixtures, and
 * results arrive by updating fixtures; nothing here is typed by a tipster.
 */
export const competitions = pgTable('competitions', {
  id: serial('id').primaryKey(),
  /** openfootball's code: 'en.1', 'de.2', 'uefa.cl', 'br.1' … */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** ISO 3166 alpha-2-ish country key used to pool divisions in one model ('en', 'de'; 'eu' for UEFA). */
  country: text('country').notNull(),
  /** IANA zone the source's local kick-off times are written in. */
  timeZone: text('time_zone').notNull(),
  /** Division within the country (1 = top flight); null for cups. */
  tier: integer('tier'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    /** '2024-25' for European seasons, '2024' for calendar-year leagues. */
    name: text('name').notNull(),
  },
  (t) => [unique('seasons_competition_name_uq').on(t.competitionId, t.name)],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  /** The name shown on the site (the first spelling a feed gave). */
  name: text('name').notNull().unique(),
  country: text('country'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every spelling a feed used for a team, normalised (lower case, accents and punctuation folded). */
export const teamAliases = pgTable(
  'team_aliases',
  {
    alias: text('alias').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
  },
  (t) => [index('team_aliases_team_idx').on(t.teamId)],
);

export { FIXTURE_STATUSES };

export const fixtures = pgTable(
  'fixtures',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    round: text('round').notNull().default(''),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: FIXTURE_STATUSES }).notNull().default('scheduled'),
    htHome: integer('ht_home'),
    htAway: integer('ht_away'),
    ftHome: integer('ft_home'),
    ftAway: integer('ft_away'),
    /** Where the row comes from: 'openfootball', 'football-data', 'replay'. */
    source: text('source').notNull(),
    /** The fixture's key in its source (stable across re-imports of newer files). */
    sourceId: text('source_id').notNull(),
    /** When the result (full-time score or a final status) became known to this database. */
    resultAt: timestamp('result_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fixtures_source_uq').on(t.source, t.sourceId),
    check('fixtures_distinct_teams', sql`${t.homeTeamId} <> ${t.awayTeamId}`),
    check(
      'fixtures_scores_non_negative',
      sql`coalesce(${t.ftHome}, 0) >= 0 and coalesce(${t.ftAway}, 0) >= 0 and coalesce(${t.htHome}, 0) >= 0 and coalesce(${t.htAway}, 0) >= 0`,
    ),
    check(
      'fixtures_ft_score_complete',
      sql`(${t.ftHome} is null) = (${t.ftAway} is null) and (${t.htHome} is null) = (${t.htAway} is null)`,
    ),
    // Fixture search and the publish picker: upcoming fixtures by kick-off.
    index('fixtures_kickoff_idx').on(t.kickoffAt, t.id),
    index('fixtures_competition_kickoff_idx').on(t.competitionId, t.kickoffAt),
    index('fixtures_home_team_idx').on(t.homeTeamId, t.kickoffAt),
    index('fixtures_away_team_idx').on(t.awayTeamId, t.kickoffAt),
  ],
);
