ALTER TABLE "tipsters" ADD COLUMN "tier_below_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tipsters" ADD COLUMN "tier_reviewed_on" date;--> statement-breakpoint
ALTER TABLE "tipsters" ADD COLUMN "tier_held_until" timestamp with time zone;