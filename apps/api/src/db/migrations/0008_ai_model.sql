CREATE TABLE "ai_picks" (
	"tipster_id" integer NOT NULL,
	"day" date NOT NULL,
	"tip_id" integer NOT NULL,
	"model_version_id" integer NOT NULL,
	"hit_probability" double precision NOT NULL,
	CONSTRAINT "ai_picks_tipster_id_day_pk" PRIMARY KEY("tipster_id","day"),
	CONSTRAINT "ai_picks_tip_id_unique" UNIQUE("tip_id")
);
--> statement-breakpoint
CREATE TABLE "model_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"data_cutoff" timestamp with time zone NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matches" integer NOT NULL,
	"parameters" jsonb NOT NULL,
	CONSTRAINT "model_versions_country_cutoff_uq" UNIQUE("country","data_cutoff")
);
--> statement-breakpoint
ALTER TABLE "ai_picks" ADD CONSTRAINT "ai_picks_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_picks" ADD CONSTRAINT "ai_picks_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_picks" ADD CONSTRAINT "ai_picks_model_version_id_model_versions_id_fk" FOREIGN KEY ("model_version_id") REFERENCES "public"."model_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_versions_latest_idx" ON "model_versions" USING btree ("country","data_cutoff" desc);