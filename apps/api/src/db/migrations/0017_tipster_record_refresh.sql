-- Decision 107: settlement no longer recomputes the record row in its transaction. It bumps
-- `changes` (one cheap UPDATE, atomic with the result); the refresh after the commit, or the
-- worker that repairs stale rows, writes the figures with the `changes` it read before reading the
-- tips into `refreshed_changes`. A row is stale while changes <> refreshed_changes.
ALTER TABLE "tipster_records" ADD COLUMN "changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tipster_records" ADD COLUMN "refreshed_changes" integer DEFAULT 0 NOT NULL;
