CREATE TABLE "tip_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tip_id" integer NOT NULL,
	"entitlement_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" integer,
	"email" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_with" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"ledger_key" text,
	"provider_refund_id" text,
	"provider_status" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "tip_refunds_ledger_key_unique" UNIQUE("ledger_key"),
	CONSTRAINT "tip_refunds_amount_positive" CHECK ("tip_refunds"."amount_cents" > 0),
	CONSTRAINT "tip_refunds_completed_how" CHECK (("tip_refunds"."status" <> 'completed') or ("tip_refunds"."method" = 'credits' and "tip_refunds"."ledger_key" is not null and "tip_refunds"."provider_refund_id" is null) or ("tip_refunds"."method" = 'paypal' and "tip_refunds"."provider_refund_id" is not null and "tip_refunds"."ledger_key" is null))
);
--> statement-breakpoint
ALTER TABLE "tip_refunds" ADD CONSTRAINT "tip_refunds_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_refunds" ADD CONSTRAINT "tip_refunds_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_refunds" ADD CONSTRAINT "tip_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_refunds" ADD CONSTRAINT "tip_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tip_refunds_entitlement_uq" ON "tip_refunds" USING btree ("entitlement_id");--> statement-breakpoint
CREATE INDEX "tip_refunds_tip_idx" ON "tip_refunds" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "tip_refunds_pending_idx" ON "tip_refunds" USING btree ("next_attempt_at","id") WHERE "tip_refunds"."status" = 'pending';--> statement-breakpoint
-- Refunds are history: never deleted, and a completed refund never changes (decision 047).
CREATE OR REPLACE FUNCTION tip_refunds_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tip refunds cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'completed' THEN
    RAISE EXCEPTION 'a completed refund cannot change' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.entitlement_id IS DISTINCT FROM OLD.entitlement_id OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
     OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.tip_id IS DISTINCT FROM OLD.tip_id THEN
    RAISE EXCEPTION 'a refund''s subject and amount are fixed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tip_refunds_guard BEFORE UPDATE OR DELETE ON tip_refunds
  FOR EACH ROW EXECUTE FUNCTION tip_refunds_guard();
