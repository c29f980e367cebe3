CREATE TABLE "lead_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"content" text NOT NULL,
	"headers" text[] NOT NULL,
	"total_rows" integer NOT NULL,
	"status" text NOT NULL,
	"mapping" jsonb,
	"on_match" text,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"merged_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_import_failures" (
	"import_id" text NOT NULL,
	"account_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "lead_import_failures_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_failures" ADD CONSTRAINT "lead_import_failures_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_failures" ADD CONSTRAINT "lead_import_failures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_imports_account_created_idx" ON "lead_imports" USING btree ("account_id","created_at");