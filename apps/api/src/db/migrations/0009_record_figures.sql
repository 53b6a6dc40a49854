CREATE TABLE "tipster_records" (
	"tipster_id" integer PRIMARY KEY NOT NULL,
	"settled_tips" integer NOT NULL,
	"profit_milli" bigint NOT NULL,
	"longest_losing_run" integer NOT NULL,
	"max_drawdown_milli" bigint NOT NULL,
	"luck_hits" integer,
	"luck_simulations" integer,
	"luck_probability" double precision,
	"series" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipster_stats" ADD COLUMN "staked_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tipster_stats" ADD COLUMN "profit_milli" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tipster_records" ADD CONSTRAINT "tipster_records_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tipster_records_luck_idx" ON "tipster_records" USING btree ("luck_probability","settled_tips" DESC NULLS LAST,"tipster_id");--> statement-breakpoint
-- Backfill: units staked and profit of the tips settled before this migration, into the same
-- aggregates settlement keeps (decision 075). tipster_records is filled at start-up (the luck
-- estimate is a simulation in the API, see backfillTipsterRecords).
UPDATE "tipster_stats" AS ts SET "staked_units" = d.staked, "profit_milli" = d.profit
FROM (
  SELECT t.tipster_id, p.period, p.period_start, sum(t.stake)::int AS staked,
    sum(CASE coalesce(t.outcome, t.result)
      WHEN 'WIN' THEN t.stake * (t.odds_hundredths - 100) * 10
      WHEN 'HALF_WIN' THEN t.stake * (t.odds_hundredths - 100) * 5
      WHEN 'HALF_LOSS' THEN -t.stake * 500
      WHEN 'LOSS' THEN -t.stake * 1000
      ELSE 0 END)::bigint AS profit
  FROM "tips" t
  CROSS JOIN LATERAL (VALUES
    ('all', '1970-01-01'::date),
    ('month', date_trunc('month', t.event_time AT TIME ZONE 'UTC')::date),
    ('week', date_trunc('week', t.event_time AT TIME ZONE 'UTC')::date)) AS p(period, period_start)
  WHERE t.result IS NOT NULL
  GROUP BY t.tipster_id, p.period, p.period_start
) AS d
WHERE ts.tipster_id = d.tipster_id AND ts.period = d.period AND ts.period_start = d.period_start;
