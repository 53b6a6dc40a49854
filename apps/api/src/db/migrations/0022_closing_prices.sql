-- Issue #27 part 3 / decisions 155, 156: closing prices and closing-line value. At kick-off every
-- tip on a fixture gets the last price before kick-off of its selection (or 'no_price'), the
-- closing market's overround and its CLV, once; a 'closed' record event carries them.
ALTER TABLE "record_events" DROP CONSTRAINT "record_events_kind_check";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closing_status" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closing_odds_hundredths" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closing_price_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closing_overround_ppm" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "clv_ppm" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tips_unclosed_idx" ON "tips" USING btree ("event_time","fixture_id") WHERE "tips"."closing_status" is null and "tips"."fixture_id" is not null;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_closing_complete" CHECK (("tips"."closing_status" is null and "tips"."closed_at" is null and "tips"."closing_odds_hundredths" is null) or ("tips"."closing_status" = 'no_price' and "tips"."closed_at" is not null and "tips"."closing_odds_hundredths" is null and "tips"."closing_price_at" is null and "tips"."closing_overround_ppm" is null and "tips"."clv_ppm" is null) or ("tips"."closing_status" = 'closed' and "tips"."closed_at" is not null and "tips"."closing_odds_hundredths" > 100 and "tips"."closing_price_at" is not null and "tips"."closing_overround_ppm" >= 1000000 and "tips"."clv_ppm" is not null));--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_kind_check" CHECK ("record_events"."kind" in ('published', 'settled', 'voided', 'corrected', 'closed'));--> statement-breakpoint
-- A closing, once recorded, is as immutable as the tip's odds (whoever runs the update).
CREATE OR REPLACE FUNCTION tips_guard_closing() RETURNS trigger AS $$
BEGIN
  IF OLD.closing_status IS NOT NULL AND (NEW.closing_status IS DISTINCT FROM OLD.closing_status
     OR NEW.closing_odds_hundredths IS DISTINCT FROM OLD.closing_odds_hundredths
     OR NEW.closing_price_at IS DISTINCT FROM OLD.closing_price_at
     OR NEW.closing_overround_ppm IS DISTINCT FROM OLD.closing_overround_ppm
     OR NEW.clv_ppm IS DISTINCT FROM OLD.clv_ppm
     OR NEW.closed_at IS DISTINCT FROM OLD.closed_at) THEN
    RAISE EXCEPTION 'closing prices are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_guard_closing BEFORE UPDATE ON tips FOR EACH ROW EXECUTE FUNCTION tips_guard_closing();--> statement-breakpoint
-- The closed event's fields, as packages/contract/src/record/canonical.ts spells them: closing odds,
-- when they were read, the overround and the CLV (all empty for 'no_price').
CREATE OR REPLACE FUNCTION record_closing_fields(t tips) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', coalesce(t.closing_odds_hundredths::text, ''),
    coalesce(record_iso(t.closing_price_at), ''), coalesce(t.closing_overround_ppm::text, ''),
    coalesce(t.clv_ppm::text, ''))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_record_closing() RETURNS trigger AS $$
BEGIN
  PERFORM record_append(NEW.tipster_id, 'closed', NEW.id, NEW.closed_at, NULL, NULL, record_closing_fields(NEW));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_record_closing AFTER UPDATE OF closing_status ON tips
  FOR EACH ROW WHEN (OLD.closing_status IS NULL AND NEW.closing_status IS NOT NULL)
  EXECUTE FUNCTION tips_record_closing();
