-- The lead search's trigram indexes (0001) without GIN's pending list: see db/schema/leads.ts.
-- Turning fastupdate off keeps what is already pending, so merge it into the index now.
ALTER INDEX "leads_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "leads_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "leads_phone_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('leads_name_trgm_idx'), gin_clean_pending_list('leads_email_trgm_idx'), gin_clean_pending_list('leads_phone_trgm_idx');
