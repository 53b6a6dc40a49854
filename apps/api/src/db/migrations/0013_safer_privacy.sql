CREATE TABLE "purchase_blocks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_blocks_ends_after_start" CHECK ("purchase_blocks"."ends_at" > "purchase_blocks"."started_at")
);
--> statement-breakpoint
CREATE TABLE "released_usernames" (
	"username_lower" text PRIMARY KEY NOT NULL,
	"reusable_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spending_limits" (
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"limit_cents" integer,
	"pending_limit_cents" integer,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spending_limits_user_id_period_pk" PRIMARY KEY("user_id","period"),
	CONSTRAINT "spending_limits_positive" CHECK ("spending_limits"."limit_cents" is null or "spending_limits"."limit_cents" > 0),
	CONSTRAINT "spending_limits_pending_positive" CHECK ("spending_limits"."pending_limit_cents" is null or "spending_limits"."pending_limit_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "odds_format" text DEFAULT 'DECIMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_blocks" ADD CONSTRAINT "purchase_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_limits" ADD CONSTRAINT "spending_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;