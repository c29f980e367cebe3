CREATE TYPE "public"."task_status" AS ENUM('open', 'done', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."task_type" AS ENUM('call', 'text', 'email', 'follow_up', 'showing', 'other');--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'task_completed';--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"lead_id" text,
	"assigned_to" text NOT NULL,
	"title" text NOT NULL,
	"type" "task_type" NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"status" "task_status" DEFAULT 'open' NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_digests" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"task_count" integer NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_digests_account_id_user_id_day_pk" PRIMARY KEY("account_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_digests" ADD CONSTRAINT "task_digests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_digests" ADD CONSTRAINT "task_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_account_assignee_due_idx" ON "tasks" USING btree ("account_id","assigned_to","due_at","id");--> statement-breakpoint
CREATE INDEX "tasks_account_assignee_open_due_idx" ON "tasks" USING btree ("account_id","assigned_to","due_at","id") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_account_due_idx" ON "tasks" USING btree ("account_id","due_at","id");--> statement-breakpoint
CREATE INDEX "tasks_account_created_idx" ON "tasks" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_account_updated_idx" ON "tasks" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tasks_lead_due_idx" ON "tasks" USING btree ("lead_id","due_at","id");