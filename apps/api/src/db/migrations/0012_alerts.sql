CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'instant' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tip_id" integer NOT NULL,
	"tipster_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follows" ADD COLUMN "alert_mode" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_notifications" ADD CONSTRAINT "tip_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_notifications" ADD CONSTRAINT "tip_notifications_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_notifications" ADD CONSTRAINT "tip_notifications_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tip_notifications_user_tip_uq" ON "tip_notifications" USING btree ("user_id","tip_id");--> statement-breakpoint
CREATE INDEX "tip_notifications_user_idx" ON "tip_notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tip_notifications_unread_idx" ON "tip_notifications" USING btree ("user_id") WHERE "tip_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "tip_notifications_email_due_idx" ON "tip_notifications" USING btree ("email","id") WHERE "tip_notifications"."emailed_at" is null and "tip_notifications"."email" <> 'none';--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_mode_check" CHECK ("mode" in ('instant', 'digest', 'off'));--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_alert_mode_check" CHECK ("alert_mode" is null or "alert_mode" in ('instant', 'digest', 'off'));--> statement-breakpoint
ALTER TABLE "tip_notifications" ADD CONSTRAINT "tip_notifications_email_check" CHECK ("email" in ('instant', 'digest', 'none'));
--> statement-breakpoint
CREATE TABLE "tip_alert_fanouts" (
	"tip_id" integer PRIMARY KEY NOT NULL,
	"tipster_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tip_alert_fanouts" ADD CONSTRAINT "tip_alert_fanouts_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;
