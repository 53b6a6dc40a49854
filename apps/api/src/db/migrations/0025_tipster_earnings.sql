CREATE TABLE "earnings_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipster_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tipster_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"refund_cents" bigint NOT NULL,
	"order_id" uuid,
	"tip_id" integer,
	"payout_id" integer,
	"paid_with" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earnings_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "earnings_entry_moves_money" CHECK ("earnings_entries"."tipster_cents" <> 0 or "earnings_entries"."platform_cents" <> 0 or "earnings_entries"."refund_cents" <> 0),
	CONSTRAINT "earnings_entry_about" CHECK (("earnings_entries"."payout_id" is not null and "earnings_entries"."order_id" is null and "earnings_entries"."tip_id" is null) or ("earnings_entries"."payout_id" is null and "earnings_entries"."order_id" is not null and "earnings_entries"."tip_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"tipster_id" integer PRIMARY KEY NOT NULL,
	"paypal_email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipster_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"receiver" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"sender_batch_id" text NOT NULL,
	"provider_batch_id" text,
	"provider_item_id" text,
	"provider_status" text,
	"hold_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_sender_batch_id_unique" UNIQUE("sender_batch_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_payouts" (
	"sender_batch_id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"item_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_paypal_payouts_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_tipster_idx" ON "earnings_entries" USING btree ("tipster_id","id");--> statement-breakpoint
CREATE INDEX "earnings_tip_idx" ON "earnings_entries" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "earnings_order_idx" ON "earnings_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "earnings_created_idx" ON "earnings_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_tipster_idx" ON "payouts" USING btree ("tipster_id","id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at","id") WHERE "payouts"."status" = 'REQUESTED';--> statement-breakpoint
-- The earnings ledger is append-only like the credits ledger: corrections are new entries.
CREATE OR REPLACE FUNCTION earnings_entries_forbid_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'earnings_entries is append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER earnings_entries_no_update BEFORE UPDATE OR DELETE ON earnings_entries
  FOR EACH ROW EXECUTE FUNCTION earnings_entries_forbid_change();
