-- Idempotency keys are scoped to the account, not to the API key (lib/api/idempotency.ts). The
-- rows are a day of retries: each takes its API key's account, and where two keys of one account
-- sent the same Idempotency-Key, the first claim stays (it is what the new scope replays).
-- drizzle-kit wrote these steps in an order that cannot run (the primary key before its column,
-- a NOT NULL column on a table with rows): reordered, with the backfill in between.
ALTER TABLE "idempotency_keys" ADD COLUMN "account_id" text;--> statement-breakpoint
UPDATE "idempotency_keys" AS i SET "account_id" = k."account_id" FROM "api_keys" AS k WHERE k."id" = i."api_key_id";--> statement-breakpoint
DELETE FROM "idempotency_keys" AS later USING "idempotency_keys" AS first
  WHERE first."account_id" = later."account_id" AND first."key" = later."key"
    AND (first."created_at", first."api_key_id") < (later."created_at", later."api_key_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_api_key_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
