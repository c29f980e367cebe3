ALTER TABLE "accounts" ADD COLUMN "sms_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_sms_number_unique" ON "accounts" USING btree ("sms_number");--> statement-breakpoint
CREATE INDEX "sms_messages_outbound_to_idx" ON "sms_messages" USING btree ("to","created_at") WHERE "sms_messages"."direction" = 'outbound';