ALTER TABLE "properties" ALTER COLUMN "custom_fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "custom_fields" SET DEFAULT '{}'::json;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "custom_fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "custom_fields" SET DEFAULT '{}'::json;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "has_required_lead_custom_fields" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_custom_fields_idx" ON "properties" USING gin (("custom_fields"::jsonb) jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "leads_custom_fields_idx" ON "leads" USING gin (("custom_fields"::jsonb) jsonb_path_ops);