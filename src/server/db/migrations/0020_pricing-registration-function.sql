-- Pricing (R57, R58, docs/decisions/113): golf_register_teams charges the unit price the app priced with
-- shared/pricing.ts (the early-bird price, a discount code) instead of the level's list price, records the code and its
-- discount on each payment, and counts the code's uses under the tournament's lock, in the same statement as the insert:
-- `uses + teams <= max_uses` or the registration is refused whole (code_open false) and nothing is saved. Hand-written
-- (a function, like migrations 0007, 0010 and 0012): drizzle's schema cannot describe it.
DROP FUNCTION golf_register_teams(uuid, jsonb);
--> statement-breakpoint
CREATE FUNCTION golf_register_teams(p_tournament_id uuid, p_requests jsonb) RETURNS TABLE (
  request integer,
  name text,
  start_date text,
  active boolean,
  tournament_max_teams integer,
  level_id uuid,
  level_name text,
  price_cents integer,
  level_max_teams integer,
  in_tournament integer,
  at_level integer,
  offer_open boolean,
  registered boolean,
  code_open boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r jsonb;
  r_level_id uuid;
  r_user_id text;
  r_offer_entry_id uuid;
  r_min_start_date date;
  r_payment_state text;
  r_unit_price integer;
  r_code_id uuid;
  teams_wanted integer;
  golfers_wanted integer;
  wants_single boolean;
  -- The figures below, read for this level, offer and kind of request, and still true: nothing registered since.
  counted boolean := false;
  counted_level uuid;
  counted_offer uuid;
  counted_single boolean;
BEGIN
  PERFORM 1 FROM tournaments t WHERE t.id = p_tournament_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR r, request IN SELECT e.value, e.ordinality::int FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS e LOOP
    r_level_id := (r->>'level_id')::uuid;
    r_user_id := r->>'user_id';
    r_offer_entry_id := (r->>'offer_entry_id')::uuid;
    r_min_start_date := (r->>'min_start_date')::date;
    r_payment_state := r->>'payment_state';
    r_code_id := (r->>'discount_code_id')::uuid;
    teams_wanted := jsonb_array_length(r->'teams');
    golfers_wanted := (SELECT coalesce(sum((x->>'places')::int), 0) FROM jsonb_array_elements(r->'teams') AS x);
    wants_single := EXISTS (SELECT 1 FROM jsonb_array_elements(r->'teams') AS x WHERE x->>'kind' = 'single');
    -- A refusal changes nothing, so the next request for the same level, offer and kind is decided on the same figures
    -- without counting again: a sell-out's hundreds of late requests are refused in microseconds each.
    IF NOT (counted AND counted_level IS NOT DISTINCT FROM r_level_id AND counted_offer IS NOT DISTINCT FROM r_offer_entry_id
            AND counted_single = wants_single) THEN
      -- Counted in golfer places (R43: a team takes 4, a single 1). Places kept for waitlist offers count as taken (4 a
      -- team), except the caller's own offer (R25); expired teams hold none (R24).
      SELECT t.name, t.start_date::text, t.active, t.max_teams, tl.id, sl.name,
             CASE WHEN wants_single THEN tl.single_price_cents ELSE tl.price_cents END, tl.max_teams,
             (SELECT coalesce(sum(x.places), 0)::int FROM teams x WHERE x.tournament_id = t.id AND x.payment_status <> 'expired')
               + 4 * (SELECT coalesce(sum(w.teams_wanted), 0)::int FROM waitlist_entries w
                    JOIN tournament_sponsorship_levels wl ON wl.id = w.tournament_sponsorship_level_id
                   WHERE wl.tournament_id = t.id AND w.status = 'offered' AND w.id IS DISTINCT FROM r_offer_entry_id),
             (SELECT coalesce(sum(x.places), 0)::int FROM teams x WHERE x.tournament_sponsorship_level_id = tl.id AND x.payment_status <> 'expired')
               + 4 * (SELECT coalesce(sum(w.teams_wanted), 0)::int FROM waitlist_entries w
                   WHERE w.tournament_sponsorship_level_id = tl.id AND w.status = 'offered' AND w.id IS DISTINCT FROM r_offer_entry_id)
        INTO name, start_date, active, tournament_max_teams, level_id, level_name, price_cents, level_max_teams, in_tournament, at_level
        FROM tournaments t
        LEFT JOIN tournament_sponsorship_levels tl ON tl.id = r_level_id AND tl.tournament_id = t.id
        LEFT JOIN sponsorship_levels sl ON sl.id = tl.sponsorship_level_id
       WHERE t.id = p_tournament_id;
      counted := true;
      counted_level := r_level_id;
      counted_offer := r_offer_entry_id;
      counted_single := wants_single;
    END IF;
    -- The caller's waitlist offer may have lapsed or been used since the first look.
    offer_open := r_offer_entry_id IS NULL OR EXISTS (
      SELECT 1 FROM waitlist_entries w
       WHERE w.id = r_offer_entry_id AND w.user_id = r_user_id AND w.tournament_sponsorship_level_id = r_level_id
         AND w.status = 'offered' AND w.offer_expires_at > (r->>'now')::timestamptz);
    -- The same rules as the app's admit(): open, before the editing lock (R17), a level of this tournament (selling single
    -- places when a single is wanted, R43), room at the level and in the tournament in golfer places (R13,
    -- shared/capacity.ts golferCapacityRefusal).
    registered := offer_open AND active
      AND (r_min_start_date IS NULL OR start_date::date >= r_min_start_date)
      AND level_id IS NOT NULL AND level_name IS NOT NULL
      AND price_cents IS NOT NULL
      AND golfers_wanted <= 4 * level_max_teams - at_level
      AND (tournament_max_teams IS NULL OR golfers_wanted <= 4 * tournament_max_teams - in_tournament);
    -- R57: the code's uses are taken here, under the tournament's lock and in the statement that saves the registration
    -- (one use per team): a row lock and a recheck, so no number of processes can take more than max_uses.
    code_open := true;
    IF registered AND r_code_id IS NOT NULL THEN
      UPDATE discount_codes SET uses = uses + teams_wanted
       WHERE id = r_code_id AND tournament_id = p_tournament_id AND uses + teams_wanted <= max_uses;
      IF NOT FOUND THEN
        code_open := false;
        registered := false;
      END IF;
    END IF;
    -- What each team pays: the app's price (early bird, discount: shared/pricing.ts), else the level's (R16, R43).
    r_unit_price := coalesce((r->>'unit_price_cents')::int, price_cents);
    IF registered THEN
      -- Places taken: the next request counts again.
      counted := false;
      IF r_offer_entry_id IS NOT NULL THEN
        UPDATE waitlist_entries SET status = 'used' WHERE id = r_offer_entry_id;
      END IF;
      INSERT INTO teams (id, tournament_id, tournament_sponsorship_level_id, user_id, name, company, contact_name, contact_phone,
                         contact_email, show_company_as_sponsor, payment_status, hold_until, kind, places)
      SELECT x.id, p_tournament_id, level_id, r_user_id, x.name, x.company, x.contact_name, x.contact_phone, x.contact_email,
             coalesce(x.show_company_as_sponsor, false), x.payment_status, x.hold_until, x.kind, x.places
        FROM jsonb_to_recordset(r->'teams') AS x(id uuid, name text, company text, contact_name text, contact_phone text,
                                              contact_email text, show_company_as_sponsor boolean, payment_status text,
                                              hold_until timestamptz, kind text, places integer);
      INSERT INTO players (id, team_id, first_name, last_name, email, phone, handicap_index, answered_by, created_at)
      SELECT x.id, x.team_id, x.first_name, x.last_name, x.email, x.phone, x.handicap_index, x.answered_by,
             now() + x.position * interval '1 microsecond'
        FROM jsonb_to_recordset(r->'players') AS x(id uuid, team_id uuid, first_name text, last_name text, email text,
                                                phone text, handicap_index numeric, answered_by text, position integer);
      -- R42: the answer links of golfers who answer for themselves (the token's hash only).
      INSERT INTO golfer_links (token_hash, player_id)
      SELECT x.token_hash, x.player_id FROM jsonb_to_recordset(r->'links') AS x(token_hash text, player_id uuid);
      -- price_cents: a single place's price for a request of singles (R43), else the team's (R16).
      INSERT INTO payments (id, team_id, amount_cents, state, note, discount_code, discount_cents)
      SELECT x.payment_id, x.id, r_unit_price, r_payment_state, r->>'payment_note', r->>'discount_code',
             coalesce((r->>'discount_cents')::int, 0)
        FROM jsonb_to_recordset(r->'teams') AS x(id uuid, payment_id uuid);
      -- The money history starts here (R26), with the price and the discount in words when a code was used (R57).
      INSERT INTO payment_events (payment_id, kind, from_state, to_state, amount_cents, actor_user_id, note)
      SELECT x.payment_id, 'registered', NULL, r_payment_state, r_unit_price, r_user_id, coalesce(r->>'price_note', '')
        FROM jsonb_to_recordset(r->'teams') AS x(payment_id uuid);
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
