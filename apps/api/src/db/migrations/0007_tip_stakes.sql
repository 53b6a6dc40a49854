ALTER TABLE "tips" ADD COLUMN "stake" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_stake_range" CHECK ("tips"."stake" between 1 and 10);--> statement-breakpoint
-- The stake is part of the published tip: as immutable as its odds.
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
     OR NEW.stake IS DISTINCT FROM OLD.stake
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
