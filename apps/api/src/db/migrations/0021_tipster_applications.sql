-- Issue #28 / decision 140: members apply to become tipsters. The application records the markets
-- they cover and when they accepted the tipster charter; profiles an admin made keep null.
ALTER TABLE "tipsters" ADD COLUMN "markets" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tipsters" ADD COLUMN "charter_accepted_at" timestamp with time zone;--> statement-breakpoint
-- One tipster per display name for applicants, so a newcomer cannot pose as an existing tipster.
CREATE UNIQUE INDEX "tipsters_name_lower_uq" ON "tipsters" (lower("name")) WHERE "charter_accepted_at" IS NOT NULL;
