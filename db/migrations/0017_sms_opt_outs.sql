CREATE TABLE "sms_opt_outs" (
	"account_id" text NOT NULL,
	"phone" text NOT NULL,
	"sender" text NOT NULL,
	"sms_id" text,
	"keyword" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_account_id_phone_sender_pk" PRIMARY KEY("account_id","phone","sender")
);
--> statement-breakpoint
DROP INDEX "sms_messages_outbound_to_idx";--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_sms_id_sms_messages_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_handed_to_idx" ON "sms_messages" USING btree ("to",coalesce("send_at", "created_at")) WHERE "sms_messages"."direction" = 'outbound' and "sms_messages"."provider_message_id" is not null;--> statement-breakpoint
-- Backfill: every STOP kept so far on a lead (its own opt-out, deleted leads included: the STOP
-- belongs to the number) becomes the number's, for the account's current sending number.
INSERT INTO "sms_opt_outs" ("account_id", "phone", "sender")
SELECT DISTINCT "leads"."account_id", "leads"."phone", coalesce("accounts"."sms_number", 'shared')
FROM "leads" INNER JOIN "accounts" ON "accounts"."id" = "leads"."account_id"
WHERE "leads"."sms_opt_out_by_recipient" AND "leads"."phone" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Texts the log provider took before it gave ids of its own were handed to it all the same.
UPDATE "sms_messages" SET "provider_message_id" = 'log_' || "id"
WHERE "provider" = 'log' AND "direction" = 'outbound' AND "status" = 'sent' AND "provider_message_id" IS NULL;
