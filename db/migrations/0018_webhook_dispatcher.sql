CREATE TABLE "event_dispatch_positions" (
	"name" text PRIMARY KEY NOT NULL,
	"txid" "xid8" NOT NULL,
	"event_id" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_txid_idx" ON "events" USING btree ("txid","id");--> statement-breakpoint
-- The dispatcher starts at the end of the feed: every event written before this migration had its
-- deliveries queued by the change's own transaction (the write path before the dispatcher).
INSERT INTO "event_dispatch_positions" ("name", "txid", "event_id")
SELECT 'webhooks', coalesce(last.txid, '0'::xid8), coalesce(last.id, '')
FROM (SELECT 1) AS one
LEFT JOIN (SELECT "txid", "id" FROM "events" ORDER BY "txid" DESC, "id" DESC LIMIT 1) AS last ON true;
