-- Decision 088 (addendum 2026-11-24): deleting an account blanks the buyer's address on its refund
-- rows. A completed refund still never changes otherwise (decision 047): the one change it allows
-- is its email set to NULL, every other column as it was.
CREATE OR REPLACE FUNCTION tip_refunds_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tip refunds cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'completed' THEN
    IF NEW.email IS NULL AND (to_jsonb(NEW) - 'email') = (to_jsonb(OLD) - 'email') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'a completed refund cannot change' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.entitlement_id IS DISTINCT FROM OLD.entitlement_id OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
     OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.tip_id IS DISTINCT FROM OLD.tip_id THEN
    RAISE EXCEPTION 'a refund''s subject and amount are fixed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
