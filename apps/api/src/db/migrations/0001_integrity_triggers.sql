-- The ledger is append-only: corrections are new reversing entries, never edits.
CREATE OR REPLACE FUNCTION ledger_entries_forbid_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_forbid_change();
--> statement-breakpoint
-- A published tip's match, market, selection, odds and price never change, and it is never deleted.
-- Settlement may set result, result_details, settled_at and settled_by; an explicit correction
-- (audited) may change an existing result only when the session sets app.allow_tip_correction.
CREATE OR REPLACE FUNCTION tips_guard_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'published tips cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.tipster_id IS DISTINCT FROM OLD.tipster_id
     OR NEW.tips_type IS DISTINCT FROM OLD.tips_type
     OR NEW.league IS DISTINCT FROM OLD.league
     OR NEW.home_team IS DISTINCT FROM OLD.home_team
     OR NEW.away_team IS DISTINCT FROM OLD.away_team
     OR NEW.event_time IS DISTINCT FROM OLD.event_time
     OR NEW.betting_type IS DISTINCT FROM OLD.betting_type
     OR NEW.selection IS DISTINCT FROM OLD.selection
     OR NEW.odds_hundredths IS DISTINCT FROM OLD.odds_hundredths
     OR NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR NEW.ai_plan_id IS DISTINCT FROM OLD.ai_plan_id THEN
    RAISE EXCEPTION 'published tips are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.result IS NOT NULL AND coalesce(current_setting('app.allow_tip_correction', true), '') <> 'on' THEN
    RAISE EXCEPTION 'tip already settled' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tips_immutable BEFORE UPDATE OR DELETE ON tips
  FOR EACH ROW EXECUTE FUNCTION tips_guard_immutable();
--> statement-breakpoint
INSERT INTO ai_plans (id, name, category, win_rate, tips_total, price_cents, kind) VALUES
  (1, 'Free daily tip', 'Low AI Model', 53, 1, 0, 'daily'),
  (2, 'Daily premium tip', 'Medium AI Model', 75, 1, 9900, 'daily'),
  (3, 'Weekly subscription', 'High AI Model', 93, 7, 44900, 'weekly'),
  (4, 'Monthly subscription', 'High AI Model', 93, 30, 124900, 'monthly')
ON CONFLICT (id) DO NOTHING;
