-- Registrations' locked section in one round trip (registration/locked-section.ts, docs/decisions/065): lock the
-- tournament's row once, then for each registration of the batch in order count again and insert its teams, their
-- players, a payment each and its first money event only if everything fits, else nothing of it. A batch is what one
-- process received for the tournament while its previous batch ran: one commit (one WAL flush) for all of them.
-- Answers, per registration (its 1-based `request`), the tournament, the level and the counts it was decided on, so the
-- app words a refusal (capacityRefusal) from the same figures. Each statement of this (volatile) function takes a fresh
-- snapshot and sees this transaction's own inserts, so the counts include every registration committed before the lock
-- was granted and every one accepted earlier in the batch.
-- p_requests: [{user_id, level_id, offer_entry_id, now, min_start_date, payment_state, payment_note,
--   teams: [{id, payment_id, name, company, contact_name, contact_phone, contact_email, payment_status, hold_until}],
--   players: [{team_id, first_name, last_name, email, phone, handicap_index, position}] (position orders created_at)}]
CREATE OR REPLACE FUNCTION golf_register_teams(p_tournament_id uuid, p_requests jsonb) RETURNS TABLE (
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
  registered boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r jsonb;
  r_level_id uuid;
  r_user_id text;
  r_offer_entry_id uuid;
  r_min_start_date date;
  r_payment_state text;
  team_count integer;
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
    team_count := jsonb_array_length(r->'teams');
    -- Places kept for waitlist offers count as taken, except the caller's own offer (R25); expired teams hold none (R24).
    SELECT t.name, t.start_date::text, t.active, t.max_teams, tl.id, sl.name, tl.price_cents, tl.max_teams,
           (SELECT count(*)::int FROM teams x WHERE x.tournament_id = t.id AND x.payment_status <> 'expired')
             + (SELECT coalesce(sum(w.teams_wanted), 0)::int FROM waitlist_entries w
                  JOIN tournament_sponsorship_levels wl ON wl.id = w.tournament_sponsorship_level_id
                 WHERE wl.tournament_id = t.id AND w.status = 'offered' AND w.id IS DISTINCT FROM r_offer_entry_id),
           (SELECT count(*)::int FROM teams x WHERE x.tournament_sponsorship_level_id = tl.id AND x.payment_status <> 'expired')
             + (SELECT coalesce(sum(w.teams_wanted), 0)::int FROM waitlist_entries w
                 WHERE w.tournament_sponsorship_level_id = tl.id AND w.status = 'offered' AND w.id IS DISTINCT FROM r_offer_entry_id)
      INTO name, start_date, active, tournament_max_teams, level_id, level_name, price_cents, level_max_teams, in_tournament, at_level
      FROM tournaments t
      LEFT JOIN tournament_sponsorship_levels tl ON tl.id = r_level_id AND tl.tournament_id = t.id
      LEFT JOIN sponsorship_levels sl ON sl.id = tl.sponsorship_level_id
     WHERE t.id = p_tournament_id;
    -- The caller's waitlist offer may have lapsed or been used since the first look.
    offer_open := r_offer_entry_id IS NULL OR EXISTS (
      SELECT 1 FROM waitlist_entries w
       WHERE w.id = r_offer_entry_id AND w.user_id = r_user_id AND w.tournament_sponsorship_level_id = r_level_id
         AND w.status = 'offered' AND w.offer_expires_at > (r->>'now')::timestamptz);
    -- The same rules as the app's admit(): open, before the editing lock (R17), a level of this tournament, room at the
    -- level and in the tournament (R13).
    registered := offer_open AND active
      AND (r_min_start_date IS NULL OR start_date::date >= r_min_start_date)
      AND level_id IS NOT NULL AND level_name IS NOT NULL
      AND team_count <= level_max_teams - at_level
      AND (tournament_max_teams IS NULL OR team_count <= tournament_max_teams - in_tournament);
    IF registered THEN
      IF r_offer_entry_id IS NOT NULL THEN
        UPDATE waitlist_entries SET status = 'used' WHERE id = r_offer_entry_id;
      END IF;
      INSERT INTO teams (id, tournament_id, tournament_sponsorship_level_id, user_id, name, company, contact_name, contact_phone,
                         contact_email, payment_status, hold_until)
      SELECT x.id, p_tournament_id, level_id, r_user_id, x.name, x.company, x.contact_name, x.contact_phone, x.contact_email,
             x.payment_status, x.hold_until
        FROM jsonb_to_recordset(r->'teams') AS x(id uuid, name text, company text, contact_name text, contact_phone text,
                                              contact_email text, payment_status text, hold_until timestamptz);
      INSERT INTO players (team_id, first_name, last_name, email, phone, handicap_index, created_at)
      SELECT x.team_id, x.first_name, x.last_name, x.email, x.phone, x.handicap_index,
             now() + x.position * interval '1 microsecond'
        FROM jsonb_to_recordset(r->'players') AS x(team_id uuid, first_name text, last_name text, email text, phone text,
                                                handicap_index numeric, position integer);
      INSERT INTO payments (id, team_id, amount_cents, state, note)
      SELECT x.payment_id, x.id, price_cents, r_payment_state, r->>'payment_note'
        FROM jsonb_to_recordset(r->'teams') AS x(id uuid, payment_id uuid);
      -- The money history starts here (R26).
      INSERT INTO payment_events (payment_id, kind, from_state, to_state, amount_cents, actor_user_id)
      SELECT x.payment_id, 'registered', NULL, r_payment_state, price_cents, r_user_id
        FROM jsonb_to_recordset(r->'teams') AS x(payment_id uuid);
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
