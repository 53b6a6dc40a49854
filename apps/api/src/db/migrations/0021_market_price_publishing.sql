ALTER TABLE "tips" ADD COLUMN "reference_odds_hundredths" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "reference_bookmaker" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "reference_source" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "reference_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "reference_fair_ppm" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_reference_complete" CHECK (("tips"."reference_odds_hundredths" is null and "tips"."reference_bookmaker" is null and "tips"."reference_source" is null and "tips"."reference_at" is null) or ("tips"."reference_odds_hundredths" > 100 and "tips"."reference_bookmaker" is not null and "tips"."reference_source" is not null and "tips"."reference_at" is not null));--> statement-breakpoint
-- Decision 150: a tip keeps the market's best price of its selection at publication (the reference
-- price) and commits to it. tip:v3 is tip:v2 with the reference odds, bookmaker, source and time
-- after the odds (packages/contract src/record/canonical.ts, byte for byte). A tip without a
-- reference price (history from before prices were checked) keeps v2; stored commitments never change.
CREATE OR REPLACE FUNCTION tip_commitment_v3(p_tip int, p_tipster int, p_fixture int, p_type int, p_selection text,
    p_reasoning text, p_odds int, p_ref_odds int, p_ref_bookmaker text, p_ref_source text, p_ref_at timestamptz,
    p_stake int, p_price int, p_published timestamptz, p_salt text)
    RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT record_sha256(concat_ws('|', 'tip:v3', p_tip, p_tipster, coalesce(p_fixture::text, ''), p_type,
    record_json(p_selection), record_json(coalesce(p_reasoning, '')), p_odds,
    p_ref_odds, record_json(p_ref_bookmaker), record_json(p_ref_source), record_iso(p_ref_at),
    p_stake, p_price, record_iso(p_published), p_salt))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_commit() RETURNS trigger AS $$
BEGIN
  NEW.commit_salt := record_new_salt();
  IF NEW.reference_odds_hundredths IS NULL THEN
    NEW.commitment := tip_commitment_v2(NEW.id, NEW.tipster_id, NEW.fixture_id, NEW.betting_type, NEW.selection,
      NEW.reasoning, NEW.odds_hundredths, NEW.stake, NEW.price_cents, NEW.published_at, NEW.commit_salt);
  ELSE
    NEW.commitment := tip_commitment_v3(NEW.id, NEW.tipster_id, NEW.fixture_id, NEW.betting_type, NEW.selection,
      NEW.reasoning, NEW.odds_hundredths, NEW.reference_odds_hundredths, NEW.reference_bookmaker,
      NEW.reference_source, NEW.reference_at, NEW.stake, NEW.price_cents, NEW.published_at, NEW.commit_salt);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The reference price is part of the published tip: as immutable as its odds.
CREATE OR REPLACE FUNCTION tips_guard_reference() RETURNS trigger AS $$
BEGIN
  IF NEW.reference_odds_hundredths IS DISTINCT FROM OLD.reference_odds_hundredths
    OR NEW.reference_bookmaker IS DISTINCT FROM OLD.reference_bookmaker
    OR NEW.reference_source IS DISTINCT FROM OLD.reference_source
    OR NEW.reference_at IS DISTINCT FROM OLD.reference_at
    OR NEW.reference_fair_ppm IS DISTINCT FROM OLD.reference_fair_ppm THEN
    RAISE EXCEPTION 'published tips are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_guard_reference BEFORE UPDATE ON tips FOR EACH ROW EXECUTE FUNCTION tips_guard_reference();
