ALTER TYPE "public"."activity_type" ADD VALUE 'lead_assigned';--> statement-breakpoint
CREATE TABLE "lead_routing_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"conditions" json DEFAULT '{}'::json NOT NULL,
	"agent_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_turn" bigint DEFAULT 0 NOT NULL,
	"reroute_after_minutes" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_routing_rules" ADD CONSTRAINT "lead_routing_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_routing_rules_account_position_idx" ON "lead_routing_rules" USING btree ("account_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_routing_rules_account_default_unique" ON "lead_routing_rules" USING btree ("account_id") WHERE "lead_routing_rules"."is_default";