-- The write path no longer looks for webhook endpoints (the dispatcher fans events out after
-- commit), so the flag that spared it the look has no reader.
ALTER TABLE "accounts" DROP COLUMN "has_webhook_endpoints";
