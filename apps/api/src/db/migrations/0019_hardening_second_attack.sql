-- Issue 29. Decision 110: a language hand-off code names the session that asked and dies with it.
-- Decision 112: the outbox records that a send started before calling the transport, so a row a
-- crash left in flight is recognised. Decision 113: an unsubscribe link cannot undo a per-tipster
-- alert setting changed after the link was issued.
ALTER TABLE "follows" ADD COLUMN "alert_mode_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_session_id_refresh_token_families_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_session_idx" ON "one_time_codes" USING btree ("session_id") WHERE "one_time_codes"."session_id" is not null;
--> statement-breakpoint
-- Decision 111: the one canonical form of an email address that a time-out or self-exclusion
-- follows (payer, contact and delivery addresses are compared with the blocked account's in it).
-- Lower case, trimmed; a "+tag" dropped at every provider; at Gmail (googlemail.com is the same
-- mailbox) the dots of the local part dropped too, as Gmail ignores them.
CREATE FUNCTION canonical_email(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case
      when p.domain in ('gmail.com', 'googlemail.com') then replace(p.base, '.', '') || '@gmail.com'
      else p.base || '@' || p.domain
    end
  from (
    select coalesce(nullif(split_part(split_part(a, '@', 1), '+', 1), ''), split_part(a, '@', 1)) as base,
      split_part(a, '@', 2) as domain
    from (select lower(btrim(address)) as a) as lowered
  ) as p
$$;
