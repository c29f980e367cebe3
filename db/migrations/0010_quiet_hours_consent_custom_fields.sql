CREATE TYPE "public"."custom_field_resource" AS ENUM('lead', 'property');--> statement-breakpoint
CREATE TYPE "public"."custom_field_type" AS ENUM('text', 'number', 'date', 'boolean', 'single_select', 'multi_select');--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_scheduled';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_cancelled';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'sms_consent_changed';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'scheduled';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "custom_field_definitions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"resource" "custom_field_resource" NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" "custom_field_type" NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "timezone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sms_quiet_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "require_sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent" json DEFAULT '{"sms":{"status":"unknown","at":null,"source":null,"text":null,"ip":null}}'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "send_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_definitions_account_key_unique" ON "custom_field_definitions" USING btree ("account_id","resource","key");