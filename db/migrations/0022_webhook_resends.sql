CREATE TABLE "webhook_resends" (
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_resends_endpoint_id_event_id_attempt_pk" PRIMARY KEY("endpoint_id","event_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "webhook_resends" ADD CONSTRAINT "webhook_resends_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;