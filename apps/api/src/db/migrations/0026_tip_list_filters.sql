-- Issue #30.1 / decision 180: the tip list filters by competition and odds range. The count index
-- carries the odds too, and a competition has its own index of open tips by kick-off, so both
-- filters stay index-only scans (apps/api/bench/catalogue-plans.ts).
DROP INDEX "tips_open_count_idx";--> statement-breakpoint
CREATE INDEX "tips_open_by_league_idx" ON "tips" USING btree ("league","event_time","id","price_cents","tips_type","betting_type","odds_hundredths") WHERE "tips"."result" is null and "tips"."ai_plan_id" is null;--> statement-breakpoint
CREATE INDEX "tips_open_count_idx" ON "tips" USING btree ("event_time","price_cents","tips_type","betting_type","odds_hundredths") WHERE "tips"."result" is null and "tips"."ai_plan_id" is null;
