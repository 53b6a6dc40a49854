-- Issue #28 / decision 140: members apply to become tipsters. The application records the markets
-- they cover and when they accepted the tipster charter; profiles an admin made keep null.
ALTER TABLE "tipsters" ADD COLUMN "markets" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tipsters" ADD COLUMN "charter_accepted_at" timestamp with time zone;--> statement-breakpoint
-- One tipster per display name for applicants, so a newcomer cannot pose as an existing tipster.
CREATE UNIQUE INDEX "tipsters_name_lower_uq" ON "tipsters" (lower("name")) WHERE "charter_accepted_at" IS NOT NULL;--> statement-breakpoint
-- Decision 141: the analysis is part of the paid content, so new tips commit to it. tip:v2 is
-- tip:v1 with the reasoning as a JSON string after the selection (packages/contract
-- src/record/canonical.ts, byte for byte). Stored commitments are immutable: older tips keep v1.
CREATE OR REPLACE FUNCTION tip_commitment_v2(p_tip int, p_tipster int, p_fixture int, p_type int, p_selection text,
    p_reasoning text, p_odds int, p_stake int, p_price int, p_published timestamptz, p_salt text)
    RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT record_sha256(concat_ws('|', 'tip:v2', p_tip, p_tipster, coalesce(p_fixture::text, ''), p_type,
    record_json(p_selection), record_json(coalesce(p_reasoning, '')), p_odds, p_stake, p_price,
    record_iso(p_published), p_salt))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_commit() RETURNS trigger AS $$
BEGIN
  NEW.commit_salt := record_new_salt();
  NEW.commitment := tip_commitment_v2(NEW.id, NEW.tipster_id, NEW.fixture_id, NEW.betting_type, NEW.selection,
    NEW.reasoning, NEW.odds_hundredths, NEW.stake, NEW.price_cents, NEW.published_at, NEW.commit_salt);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
