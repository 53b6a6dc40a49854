-- Issue #34 / decision 187: open tips counted per kick-off hour (UTC) and category, so the tip
-- list's total adds whole hours from here and scans tips_open_count_idx only at the window's
-- partial edge hours. Kept by statement-level triggers on tips (one aggregate per statement, so a
-- bulk insert or a settlement sweep costs one upsert per hour touched, not one per row). Counts
-- what the list counts by default: not settled, not an AI plan's, priced at most $10,000
-- (OPEN_TIP_HOURS_MAX_PRICE_CENTS). No CHECK on the count: an upsert checks the row it proposes
-- (a decrement's -1) before it finds the row to update.
CREATE TABLE "open_tip_hours" (
	"hour" timestamp with time zone NOT NULL,
	"tips_type" text NOT NULL,
	"tips" integer NOT NULL,
	CONSTRAINT "open_tip_hours_hour_tips_type_pk" PRIMARY KEY("hour","tips_type")
);--> statement-breakpoint
CREATE FUNCTION open_tip_hours_apply(changes jsonb) RETURNS void LANGUAGE sql AS $$
  -- changes: [{"hour": …, "tips_type": …, "delta": ±n}], summed per key; applied in key order so
  -- two statements touching the same hours lock them in the same order.
  INSERT INTO open_tip_hours AS h (hour, tips_type, tips)
  SELECT (c->>'hour')::timestamptz, c->>'tips_type', sum((c->>'delta')::int)
  FROM jsonb_array_elements(changes) c
  GROUP BY 1, 2
  HAVING sum((c->>'delta')::int) <> 0
  ORDER BY 1, 2
  ON CONFLICT (hour, tips_type) DO UPDATE SET tips = h.tips + excluded.tips;
$$;--> statement-breakpoint
CREATE FUNCTION open_tip_hours_counted(t tips) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT t.result IS NULL AND t.ai_plan_id IS NULL AND t.price_cents <= 1000000
$$;--> statement-breakpoint
CREATE FUNCTION open_tip_hours_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_tip_hours_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('hour', date_trunc('hour', n.event_time, 'UTC'), 'tips_type', n.tips_type, 'delta', 1))
    FROM new_rows n WHERE open_tip_hours_counted(n)), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION open_tip_hours_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_tip_hours_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('hour', date_trunc('hour', o.event_time, 'UTC'), 'tips_type', o.tips_type, 'delta', -1))
    FROM old_rows o WHERE open_tip_hours_counted(o)), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION open_tip_hours_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_tip_hours_apply(coalesce((
    SELECT jsonb_agg(c) FROM (
      SELECT jsonb_build_object('hour', date_trunc('hour', o.event_time, 'UTC'), 'tips_type', o.tips_type, 'delta', -1) c
      FROM old_rows o WHERE open_tip_hours_counted(o)
      UNION ALL
      SELECT jsonb_build_object('hour', date_trunc('hour', n.event_time, 'UTC'), 'tips_type', n.tips_type, 'delta', 1)
      FROM new_rows n WHERE open_tip_hours_counted(n)
    ) changes), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER open_tip_hours_insert AFTER INSERT ON tips REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_tip_hours_on_insert();--> statement-breakpoint
CREATE TRIGGER open_tip_hours_delete AFTER DELETE ON tips REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_tip_hours_on_delete();--> statement-breakpoint
CREATE TRIGGER open_tip_hours_update AFTER UPDATE ON tips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_tip_hours_on_update();--> statement-breakpoint
INSERT INTO open_tip_hours (hour, tips_type, tips)
SELECT date_trunc('hour', t.event_time, 'UTC'), t.tips_type, count(*)
FROM tips t WHERE open_tip_hours_counted(t)
GROUP BY 1, 2;
