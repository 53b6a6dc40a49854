-- Issue #27 part 5 / decision 160: rankings by proven profit. The ranking tables and the tipster
-- lists walk this index in their ORDER BY (db/schema/ranking-order.ts): has the window's minimum
-- sample of settled tips, profit, settled tips, tipster id. It replaces the hit-rate order.
DROP INDEX "tipster_stats_rank_order_idx";--> statement-breakpoint
CREATE INDEX "tipster_stats_profit_rank_idx" ON "tipster_stats" USING btree ("period","period_start",("total_tips" >= case "period" when 'all' then 30 when 'month' then 10 else 5 end) desc nulls first,"profit_milli" DESC NULLS FIRST,"total_tips" DESC NULLS FIRST,"tipster_id");
