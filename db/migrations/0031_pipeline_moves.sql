ALTER TABLE "accounts" ADD COLUMN "auto_move_on_contact" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "auto_move_on_visit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offer_status_after_visit" boolean DEFAULT true NOT NULL;