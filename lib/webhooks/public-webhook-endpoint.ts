import { webhookEndpoints } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { webhookEndpointSchema } from "@/lib/schemas/webhook-endpoints";

/** The endpoint as the API and Settings show it: never its secrets. */
export const toPublicWebhookEndpoint = definePublicShape(webhookEndpointSchema, webhookEndpoints).fromRow;
