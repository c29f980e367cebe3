import type { z } from "zod";
import type { errorEnvelopeSchema } from "@/lib/openapi/error-responses";
import type { activitySchema } from "@/lib/schemas/activities";
import type { listMetaSchema } from "@/lib/schemas/common";
import type { leadDeletedSchema, leadSchema, leadWithActivitiesSchema } from "@/lib/schemas/leads";
import type { propertySchema } from "@/lib/schemas/properties";
import type { smsSchema } from "@/lib/schemas/sms";
import type { visitSchema } from "@/lib/schemas/visits";
import type { PublicEvent } from "@/lib/schemas/events";

// The bodies /api/v1 answers with, typed from the zod schemas the OpenAPI document is built from.
// callApi holds every body to that document, so a test that names the wrong body for the status
// it got fails there rather than reading a field that is not there.

export type Lead = z.output<typeof leadSchema>;
export type LeadWithActivities = z.output<typeof leadWithActivitiesSchema>;
export type LeadDeleted = z.output<typeof leadDeletedSchema>;
export type Property = z.output<typeof propertySchema>;
export type Visit = z.output<typeof visitSchema>;
export type Sms = z.output<typeof smsSchema>;
export type Activity = z.output<typeof activitySchema>;
export type Event = PublicEvent;

/** `{ data }`: one resource. */
export interface DataBody<T> {
  data: T;
}

/** `{ data: [...], meta }`: a page of a list. */
export interface ListBody<T> {
  data: T[];
  meta: z.output<typeof listMetaSchema>;
}

/** `{ error: { code, message, details?, requestId } }`: the one error envelope. */
export type ErrorBody = z.output<typeof errorEnvelopeSchema>;

/** Any answer before a test says which one it expects: one of the envelopes above, its data
 * unread. Name the body (`callApi<DataBody<Lead>>`) to read a resource's fields. */
export interface SomeBody {
  data?: unknown;
  meta?: ListBody<unknown>["meta"];
  error?: ErrorBody["error"];
}
