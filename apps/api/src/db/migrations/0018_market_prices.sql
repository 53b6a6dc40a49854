CREATE TABLE "market_price_polls" (
	"scope" text PRIMARY KEY NOT NULL,
	"polled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"betting_type" integer NOT NULL,
	"selection" text NOT NULL,
	"bookmaker" text NOT NULL,
	"odds_hundredths" integer NOT NULL,
	"source" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_prices_odds_above_one" CHECK ("market_prices"."odds_hundredths" > 100),
	CONSTRAINT "market_prices_checked_after_read" CHECK ("market_prices"."checked_at" >= "market_prices"."read_at")
);
--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_prices_selection_idx" ON "market_prices" USING btree ("fixture_id","betting_type","selection","bookmaker","read_at" DESC NULLS LAST);