CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"data" json NOT NULL,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"request_id" text,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "delivered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_account_txid_idx" ON "events" USING btree ("account_id","txid","id");--> statement-breakpoint
CREATE INDEX "events_account_object_idx" ON "events" USING btree ("account_id","object_id","txid","id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");