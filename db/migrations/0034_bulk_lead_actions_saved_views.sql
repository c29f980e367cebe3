CREATE TABLE "bulk_lead_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"action" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"cursor" text,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"changed_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"scheduled_count" integer DEFAULT 0 NOT NULL,
	"no_consent_count" integer DEFAULT 0 NOT NULL,
	"opted_out_count" integer DEFAULT 0 NOT NULL,
	"no_phone_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_lead_views" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_lead_actions" ADD CONSTRAINT "bulk_lead_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lead_actions" ADD CONSTRAINT "bulk_lead_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lead_views" ADD CONSTRAINT "saved_lead_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lead_views" ADD CONSTRAINT "saved_lead_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_lead_actions_account_user_created_idx" ON "bulk_lead_actions" USING btree ("account_id","created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_lead_actions_one_open_per_user" ON "bulk_lead_actions" USING btree ("created_by") WHERE "bulk_lead_actions"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lead_views_user_name_unique" ON "saved_lead_views" USING btree ("account_id","user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_lead_views_user_created_idx" ON "saved_lead_views" USING btree ("account_id","user_id","created_at");