CREATE TYPE "public"."sms_direction" AS ENUM('outbound', 'inbound');--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'inquiry';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_received';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_opted_out';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_opted_in';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'received';--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sms_opt_out_by_recipient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "direction" "sms_direction" DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "read_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_account_external_id_unique" ON "properties" USING btree ("account_id","external_id") WHERE "properties"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_account_external_id_unique" ON "leads" USING btree ("account_id","external_id") WHERE "leads"."external_id" is not null and "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_account_email_idx" ON "leads" USING btree ("account_id","email") WHERE "leads"."email" is not null and "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_account_phone_idx" ON "leads" USING btree ("account_id","phone") WHERE "leads"."phone" is not null and "leads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sms_messages_lead_created_idx" ON "sms_messages" USING btree ("lead_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_messages_account_unread_idx" ON "sms_messages" USING btree ("account_id","lead_id") WHERE "sms_messages"."direction" = 'inbound' and "sms_messages"."read_at" is null;