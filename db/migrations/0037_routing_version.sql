ALTER TABLE "accounts" ADD COLUMN "routing_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- accounts.routing_version rises with every change to what an account's routing reads (lib/routing/
-- load-routing-rules.ts): its rules, its members (added, removed, active, available) and their
-- names. Triggers, so a write by any process, any release or by hand counts; a process keeps the
-- rules it read for one version (lib/routing/cached-routing-rules.ts). A round robin's next_turn,
-- which the release before this one advances in every create, is left out: it is not routing's
-- rules, and counting it would write the account's row with every lead.
CREATE FUNCTION "bump_routing_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE accounts SET routing_version = routing_version + 1
    WHERE id IN (SELECT account_id FROM memberships WHERE user_id = NEW.id);
  ELSE
    UPDATE accounts SET routing_version = routing_version + 1
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_routing_rules_bump_routing_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "position", "is_default", "conditions", "agent_ids", "reroute_after_minutes"
  ON "lead_routing_rules" FOR EACH ROW EXECUTE FUNCTION "bump_routing_version"();--> statement-breakpoint
CREATE TRIGGER "memberships_bump_routing_version"
  AFTER INSERT OR DELETE OR UPDATE OF "active", "available", "user_id", "account_id"
  ON "memberships" FOR EACH ROW EXECUTE FUNCTION "bump_routing_version"();--> statement-breakpoint
CREATE TRIGGER "users_bump_routing_version"
  AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "bump_routing_version"();
