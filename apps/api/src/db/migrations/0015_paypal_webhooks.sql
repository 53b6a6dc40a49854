CREATE TABLE "credit_debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reversal_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"repaid_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_debts_reversal_id_unique" UNIQUE("reversal_id"),
	CONSTRAINT "credit_debts_bounds" CHECK ("credit_debts"."amount_cents" > 0 and "credit_debts"."repaid_cents" between 0 and "credit_debts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "order_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credits_cents" integer NOT NULL,
	"debited_cents" integer NOT NULL,
	"owed_cents" integer NOT NULL,
	"revoked_tips" integer NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_reversals_source_id_unique" UNIQUE("source_id"),
	CONSTRAINT "order_reversals_amounts" CHECK ("order_reversals"."amount_cents" > 0 and "order_reversals"."debited_cents" >= 0 and "order_reversals"."owed_cents" >= 0),
	CONSTRAINT "order_reversals_credits_split" CHECK ("order_reversals"."credits_cents" = "order_reversals"."debited_cents" + "order_reversals"."owed_cents")
);
--> statement-breakpoint
CREATE TABLE "paypal_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_entitlements" (
	"entitlement_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"buyer_email" text,
	"tip_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"reversal_id" integer NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_debt" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_debts" ADD CONSTRAINT "credit_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_debts" ADD CONSTRAINT "credit_debts_reversal_id_order_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."order_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reversals" ADD CONSTRAINT "order_reversals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_webhook_events" ADD CONSTRAINT "paypal_webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_entitlements" ADD CONSTRAINT "revoked_entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_entitlements" ADD CONSTRAINT "revoked_entitlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_entitlements" ADD CONSTRAINT "revoked_entitlements_reversal_id_order_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."order_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_debts_open_idx" ON "credit_debts" USING btree ("user_id") WHERE "credit_debts"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "order_reversals_order_idx" ON "order_reversals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "paypal_webhook_events_order_idx" ON "paypal_webhook_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "revoked_entitlements_order_idx" ON "revoked_entitlements" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_debt_non_negative" CHECK ("users"."credit_debt" >= 0);