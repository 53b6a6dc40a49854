CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"time_zone" text NOT NULL,
	"tier" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"round" text DEFAULT '' NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"ht_home" integer,
	"ht_away" integer,
	"ft_home" integer,
	"ft_away" integer,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixtures_source_uq" UNIQUE("source","source_id"),
	CONSTRAINT "fixtures_distinct_teams" CHECK ("fixtures"."home_team_id" <> "fixtures"."away_team_id"),
	CONSTRAINT "fixtures_scores_non_negative" CHECK (coalesce("fixtures"."ft_home", 0) >= 0 and coalesce("fixtures"."ft_away", 0) >= 0 and coalesce("fixtures"."ht_home", 0) >= 0 and coalesce("fixtures"."ht_away", 0) >= 0),
	CONSTRAINT "fixtures_ft_score_complete" CHECK (("fixtures"."ft_home" is null) = ("fixtures"."ft_away" is null) and ("fixtures"."ht_home" is null) = ("fixtures"."ht_away" is null))
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "seasons_competition_name_uq" UNIQUE("competition_id","name")
);
--> statement-breakpoint
CREATE TABLE "team_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "fixture_id" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixtures_kickoff_idx" ON "fixtures" USING btree ("kickoff_at","id");--> statement-breakpoint
CREATE INDEX "fixtures_competition_kickoff_idx" ON "fixtures" USING btree ("competition_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "fixtures_home_team_idx" ON "fixtures" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "fixtures_away_team_idx" ON "fixtures" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "team_aliases_team_idx" ON "team_aliases" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tips_open_by_fixture_idx" ON "tips" USING btree ("fixture_id") WHERE "tips"."result" is null;--> statement-breakpoint
-- Tips settled before outcomes existed: their WIN / LOSS / VOID is their outcome.
UPDATE "tips" SET "outcome" = "result" WHERE "result" IS NOT NULL AND "outcome" IS NULL;
--> statement-breakpoint
-- The SPEC's result is derived from the outcome: HALF_WIN shows as WIN, HALF_LOSS as LOSS.
ALTER TABLE "tips" ADD CONSTRAINT "tips_outcome_matches_result" CHECK (("tips"."result" is null and "tips"."outcome" is null) or ("tips"."result" = 'WIN' and "tips"."outcome" in ('WIN', 'HALF_WIN')) or ("tips"."result" = 'LOSS' and "tips"."outcome" in ('LOSS', 'HALF_LOSS')) or ("tips"."result" = 'VOID' and "tips"."outcome" = 'VOID'));
--> statement-breakpoint
-- Published tips stay immutable, with one exception: a tip on a fixture follows the fixture's
-- kick-off when the feed moves it (sales close at the real kick-off), and only to that time.
CREATE OR REPLACE FUNCTION tips_guard_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'published tips cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.event_time IS DISTINCT FROM OLD.event_time
     AND (NEW.fixture_id IS NULL
          OR NEW.event_time IS DISTINCT FROM (SELECT kickoff_at FROM fixtures WHERE id = NEW.fixture_id)) THEN
    RAISE EXCEPTION 'published tips are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.tipster_id IS DISTINCT FROM OLD.tipster_id
     OR NEW.tips_type IS DISTINCT FROM OLD.tips_type
     OR NEW.fixture_id IS DISTINCT FROM OLD.fixture_id
     OR NEW.league IS DISTINCT FROM OLD.league
     OR NEW.home_team IS DISTINCT FROM OLD.home_team
     OR NEW.away_team IS DISTINCT FROM OLD.away_team
     OR NEW.betting_type IS DISTINCT FROM OLD.betting_type
     OR NEW.selection IS DISTINCT FROM OLD.selection
     OR NEW.odds_hundredths IS DISTINCT FROM OLD.odds_hundredths
     OR NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR NEW.ai_plan_id IS DISTINCT FROM OLD.ai_plan_id THEN
    RAISE EXCEPTION 'published tips are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.result IS NOT NULL AND coalesce(current_setting('app.allow_tip_correction', true), '') <> 'on' THEN
    RAISE EXCEPTION 'tip already settled' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
