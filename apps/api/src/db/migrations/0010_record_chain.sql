CREATE TABLE "record_anchors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"root" text NOT NULL,
	"chains" integer NOT NULL,
	"events" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_anchors_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "record_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipster_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"tip_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"result_details" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "record_events_tipster_seq_key" UNIQUE("tipster_id","seq"),
	CONSTRAINT "record_events_kind_check" CHECK ("record_events"."kind" in ('published', 'settled', 'voided', 'corrected'))
);
--> statement-breakpoint
CREATE TABLE "record_heads" (
	"tipster_id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "commit_salt" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "commitment" text;--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_heads" ADD CONSTRAINT "record_heads_tipster_id_tipsters_id_fk" FOREIGN KEY ("tipster_id") REFERENCES "public"."tipsters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_events_tip_idx" ON "record_events" USING btree ("tip_id");--> statement-breakpoint
-- Decision 077: commitments, hash chains and anchors. The canonical texts below are defined once
-- more, in TypeScript, by packages/record-verify (canonical.ts); the two must agree byte for byte.
CREATE OR REPLACE FUNCTION record_iso(ts timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_sha256(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(t, 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_json(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(to_json(t)::text, 'null')
$$;--> statement-breakpoint
-- The commitment: SHA-256 over the canonical tip (selection included) and a random salt.
CREATE OR REPLACE FUNCTION tip_commitment(p_tip int, p_tipster int, p_fixture int, p_type int, p_selection text,
    p_odds int, p_stake int, p_price int, p_published timestamptz, p_salt text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT record_sha256(concat_ws('|', 'tip:v1', p_tip, p_tipster, coalesce(p_fixture::text, ''), p_type,
    record_json(p_selection), p_odds, p_stake, p_price, record_iso(p_published), p_salt))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_new_salt() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT record_sha256(gen_random_uuid()::text || gen_random_uuid()::text)
$$;--> statement-breakpoint
-- Existing tips get their commitment now (the settled-tip guard lets this one update through).
-- One statement, so that the transaction-local switch holds whatever runs the migration.
DO $$
BEGIN
  PERFORM set_config('app.allow_tip_correction', 'on', true);
  UPDATE tips SET commit_salt = record_new_salt();
  UPDATE tips SET commitment = tip_commitment(id, tipster_id, fixture_id, betting_type, selection,
    odds_hundredths, stake, price_cents, published_at, commit_salt);
  PERFORM set_config('app.allow_tip_correction', 'off', true);
END;
$$;--> statement-breakpoint
ALTER TABLE "tips" ALTER COLUMN "commit_salt" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ALTER COLUMN "commitment" SET NOT NULL;--> statement-breakpoint
-- The server draws the salt and computes the commitment; whatever a writer passes is replaced.
CREATE OR REPLACE FUNCTION tips_commit() RETURNS trigger AS $$
BEGIN
  NEW.commit_salt := record_new_salt();
  NEW.commitment := tip_commitment(NEW.id, NEW.tipster_id, NEW.fixture_id, NEW.betting_type, NEW.selection,
    NEW.odds_hundredths, NEW.stake, NEW.price_cents, NEW.published_at, NEW.commit_salt);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_commit BEFORE INSERT ON tips FOR EACH ROW EXECUTE FUNCTION tips_commit();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_guard_commitment() RETURNS trigger AS $$
BEGIN
  IF NEW.commit_salt IS DISTINCT FROM OLD.commit_salt OR NEW.commitment IS DISTINCT FROM OLD.commitment THEN
    RAISE EXCEPTION 'tip commitments are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_guard_commitment BEFORE UPDATE ON tips FOR EACH ROW EXECUTE FUNCTION tips_guard_commitment();--> statement-breakpoint
-- Appends one event to a tipster's chain. The head row is locked first, so concurrent writers of
-- one tipster take turns and each links to the event before it.
CREATE OR REPLACE FUNCTION record_append(p_tipster int, p_kind text, p_tip int, p_at timestamptz,
    p_outcome text, p_details text, p_fields text) RETURNS void AS $$
DECLARE
  v_head record_heads%ROWTYPE;
  v_seq int;
  v_hash text;
BEGIN
  INSERT INTO record_heads (tipster_id, seq, hash) VALUES (p_tipster, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT * INTO v_head FROM record_heads WHERE tipster_id = p_tipster FOR UPDATE;
  v_seq := v_head.seq + 1;
  v_hash := record_sha256(v_head.hash || E'\n' ||
    concat_ws('|', 'event:v1', p_tipster, v_seq, p_kind, p_tip, record_iso(p_at), p_fields));
  INSERT INTO record_events (tipster_id, seq, kind, tip_id, occurred_at, outcome, result_details, prev_hash, hash)
    VALUES (p_tipster, v_seq, p_kind, p_tip, p_at, p_outcome, p_details, v_head.hash, v_hash);
  UPDATE record_heads SET seq = v_seq, hash = v_hash WHERE tipster_id = p_tipster;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_published_fields(t tips) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', coalesce(t.fixture_id::text, ''), t.betting_type, t.odds_hundredths, t.stake,
    t.price_cents, t.commitment)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_settlement_fields(p_outcome text, p_details text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', p_outcome, record_json(p_details))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_append_settlement(t tips, p_kind text) RETURNS void AS $$
DECLARE
  v_outcome text := coalesce(t.outcome, t.result);
BEGIN
  PERFORM record_append(t.tipster_id, p_kind, t.id, t.settled_at, v_outcome, t.result_details,
    record_settlement_fields(v_outcome, t.result_details));
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Bulk writers (the demo seed) set app.record_backfill for their transaction and call
-- record_backfill() before committing, which appends every missing event in time order.
CREATE OR REPLACE FUNCTION tips_record_insert() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('app.record_backfill', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM record_append(NEW.tipster_id, 'published', NEW.id, NEW.published_at, NULL, NULL, record_published_fields(NEW));
  IF NEW.result IS NOT NULL THEN
    PERFORM record_append_settlement(NEW, CASE WHEN NEW.result = 'VOID' THEN 'voided' ELSE 'settled' END);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_record_insert AFTER INSERT ON tips FOR EACH ROW EXECUTE FUNCTION tips_record_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_record_settlement() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('app.record_backfill', true), '') = 'on' OR NEW.result IS NULL THEN RETURN NULL; END IF;
  PERFORM record_append_settlement(NEW, CASE
    WHEN OLD.result IS NOT NULL THEN 'corrected'
    WHEN NEW.result = 'VOID' THEN 'voided'
    ELSE 'settled' END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tips_record_settlement AFTER UPDATE OF result, outcome, result_details, settled_at ON tips
  FOR EACH ROW WHEN (OLD.result IS DISTINCT FROM NEW.result OR OLD.outcome IS DISTINCT FROM NEW.outcome
    OR OLD.result_details IS DISTINCT FROM NEW.result_details OR OLD.settled_at IS DISTINCT FROM NEW.settled_at)
  EXECUTE FUNCTION tips_record_settlement();--> statement-breakpoint
-- Every tip without its events gets them, in time order (publication before settlement). One
-- tipster at a time: its head is locked and written once, each event costs one hash and one insert.
CREATE OR REPLACE FUNCTION record_backfill() RETURNS integer AS $$
DECLARE
  r record;
  n integer := 0;
  v_tipster int := NULL;
  v_seq int;
  v_hash text;
  v_kind text;
  v_outcome text;
  v_at timestamptz;
  v_text text;
  v_new text;
BEGIN
  FOR r IN
    SELECT t AS tip, t.tipster_id, t.id AS tip_id, 0 AS step, t.published_at AS at FROM tips t
      WHERE NOT EXISTS (SELECT 1 FROM record_events e WHERE e.tip_id = t.id)
    UNION ALL
    SELECT t, t.tipster_id, t.id, 1, t.settled_at FROM tips t
      WHERE t.result IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM record_events e WHERE e.tip_id = t.id AND e.kind <> 'published')
    ORDER BY tipster_id, at, step, tip_id
  LOOP
    IF v_tipster IS DISTINCT FROM r.tipster_id THEN
      IF v_tipster IS NOT NULL THEN
        UPDATE record_heads SET seq = v_seq, hash = v_hash WHERE tipster_id = v_tipster;
      END IF;
      v_tipster := r.tipster_id;
      INSERT INTO record_heads (tipster_id, seq, hash) VALUES (v_tipster, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
      SELECT h.seq, h.hash INTO v_seq, v_hash FROM record_heads h WHERE h.tipster_id = v_tipster FOR UPDATE;
    END IF;
    IF r.step = 0 THEN
      v_kind := 'published';
      v_outcome := NULL;
      v_at := (r.tip).published_at;
      v_text := record_published_fields(r.tip);
    ELSE
      v_outcome := coalesce((r.tip).outcome, (r.tip).result);
      v_kind := CASE WHEN (r.tip).result = 'VOID' THEN 'voided' ELSE 'settled' END;
      v_at := (r.tip).settled_at;
      v_text := record_settlement_fields(v_outcome, (r.tip).result_details);
    END IF;
    v_seq := v_seq + 1;
    v_new := record_sha256(v_hash || E'\n' ||
      concat_ws('|', 'event:v1', v_tipster, v_seq, v_kind, r.tip_id, record_iso(v_at), v_text));
    INSERT INTO record_events (tipster_id, seq, kind, tip_id, occurred_at, outcome, result_details, prev_hash, hash)
      VALUES (v_tipster, v_seq, v_kind, r.tip_id, v_at, v_outcome,
        CASE WHEN r.step = 0 THEN NULL ELSE (r.tip).result_details END, v_hash, v_new);
    v_hash := v_new;
    n := n + 1;
  END LOOP;
  IF v_tipster IS NOT NULL THEN
    UPDATE record_heads SET seq = v_seq, hash = v_hash WHERE tipster_id = v_tipster;
  END IF;
  RETURN n;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT record_backfill();--> statement-breakpoint
-- The record is append-only: no edits, no deletions, no truncation.
CREATE OR REPLACE FUNCTION record_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER record_events_append_only BEFORE UPDATE OR DELETE ON record_events
  FOR EACH ROW EXECUTE FUNCTION record_refuse_change();--> statement-breakpoint
CREATE TRIGGER record_events_no_truncate BEFORE TRUNCATE ON record_events
  FOR EACH STATEMENT EXECUTE FUNCTION record_refuse_change();--> statement-breakpoint
CREATE TRIGGER record_anchors_append_only BEFORE UPDATE OR DELETE ON record_anchors
  FOR EACH ROW EXECUTE FUNCTION record_refuse_change();--> statement-breakpoint
CREATE TRIGGER record_anchors_no_truncate BEFORE TRUNCATE ON record_anchors
  FOR EACH STATEMENT EXECUTE FUNCTION record_refuse_change();
