-- A round robin's turns from a sequence of its own (lib/routing/turn-sequence.ts): one for each
-- rule already saved, starting where its next_turn stands. Expand only: next_turn stays for the
-- release before this one, which still advances it during a rolling deploy.
DO $$
DECLARE
  rule record;
BEGIN
  FOR rule IN SELECT id, next_turn FROM lead_routing_rules LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I MINVALUE 0 START WITH %s', 'lead_routing_turns_' || rule.id, rule.next_turn);
  END LOOP;
END $$;
