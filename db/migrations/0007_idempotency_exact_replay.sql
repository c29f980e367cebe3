ALTER TABLE "idempotency_keys" ADD COLUMN "response_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Replays stored before this migration kept a sealed body as {"sealed": "<secret-box text>"}:
-- mark them, and keep only the sealed text.
UPDATE "idempotency_keys" SET "response_sealed" = true
  WHERE jsonb_typeof("response_body") = 'object' AND "response_body" ? 'sealed'
    AND (SELECT count(*) FROM jsonb_object_keys("response_body")) = 1;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE text
  USING CASE WHEN "response_sealed" THEN "response_body" ->> 'sealed' ELSE "response_body"::text END;
