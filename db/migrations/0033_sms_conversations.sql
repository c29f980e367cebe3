CREATE TABLE "sms_conversations" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"last_sms_id" text NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_conversations" ADD CONSTRAINT "sms_conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_conversations" ADD CONSTRAINT "sms_conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_conversations_inbox_idx" ON "sms_conversations" USING btree ("account_id",("unread_count" > 0),"last_at","lead_id");--> statement-breakpoint
-- sms_conversations follows sms_messages (db/schema/sms-conversations.ts): a new message may become
-- its lead's latest, and an inbound one not yet read counts as unread. The upsert takes the
-- conversation row's lock, so two messages of one lead inserted at once both count.
CREATE FUNCTION "sms_conversations_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sms_conversations AS c (lead_id, account_id, last_sms_id, last_at, unread_count)
  VALUES (NEW.lead_id, NEW.account_id, NEW.id, NEW.created_at,
          CASE WHEN NEW.direction = 'inbound' AND NEW.read_at IS NULL THEN 1 ELSE 0 END)
  ON CONFLICT (lead_id) DO UPDATE SET
    last_sms_id = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_sms_id) > (c.last_at, c.last_sms_id)
                  THEN EXCLUDED.last_sms_id ELSE c.last_sms_id END,
    last_at = GREATEST(c.last_at, EXCLUDED.last_at),
    unread_count = c.unread_count + EXCLUDED.unread_count;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sms_conversations_on_insert" AFTER INSERT ON "sms_messages"
  FOR EACH ROW EXECUTE FUNCTION "sms_conversations_on_insert"();--> statement-breakpoint
-- A reply marked read (or, in principle, unread again) moves the count by one.
CREATE FUNCTION "sms_conversations_on_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sms_conversations
  SET unread_count = unread_count
    + (CASE WHEN NEW.direction = 'inbound' AND NEW.read_at IS NULL THEN 1 ELSE 0 END)
    - (CASE WHEN OLD.direction = 'inbound' AND OLD.read_at IS NULL THEN 1 ELSE 0 END)
  WHERE lead_id = NEW.lead_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sms_conversations_on_read" AFTER UPDATE OF "read_at", "direction" ON "sms_messages"
  FOR EACH ROW
  WHEN ((OLD.direction = 'inbound' AND OLD.read_at IS NULL) IS DISTINCT FROM (NEW.direction = 'inbound' AND NEW.read_at IS NULL))
  EXECUTE FUNCTION "sms_conversations_on_read"();--> statement-breakpoint
-- The conversations of the messages already stored.
INSERT INTO "sms_conversations" ("lead_id", "account_id", "last_sms_id", "last_at", "unread_count")
SELECT DISTINCT ON (m.lead_id) m.lead_id, m.account_id, m.id, m.created_at,
  (SELECT count(*) FROM sms_messages u WHERE u.lead_id = m.lead_id AND u.direction = 'inbound' AND u.read_at IS NULL)
FROM sms_messages m
ORDER BY m.lead_id, m.created_at DESC, m.id DESC;
