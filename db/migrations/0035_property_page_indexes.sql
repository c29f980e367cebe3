CREATE INDEX "leads_property_idx" ON "leads" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "visits_property_idx" ON "visits" USING btree ("property_id","scheduled_at");