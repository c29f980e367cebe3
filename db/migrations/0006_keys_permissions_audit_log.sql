CREATE TABLE "audit_log_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "permissions" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rolled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "audit_log_entries" ADD CONSTRAINT "audit_log_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_account_time_idx" ON "audit_log_entries" USING btree ("account_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_account_action_time_idx" ON "audit_log_entries" USING btree ("account_id","action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_account_actor_time_idx" ON "audit_log_entries" USING btree ("account_id","actor_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at_idx" ON "audit_log_entries" USING btree ("occurred_at");--> statement-breakpoint
-- The audit log is append-only for the app: no UPDATE ever, and a DELETE only by retention (an
-- entry older than a year) or by the account's own deletion (the cascade runs after the account
-- row is gone).
CREATE FUNCTION "audit_log_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (OLD.occurred_at < now() - interval '1 year'
      OR NOT EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_log_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_entries_append_only"();
