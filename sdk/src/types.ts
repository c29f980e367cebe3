import type { components, operations, webhooks } from "./generated/openapi";

// Names for the generated shapes an integrator handles. They are aliases, so they can never
// drift from the document: regenerate, and a changed field is a compile error here.
type Schemas = components["schemas"];

export type Lead = Schemas["Lead"];
export type LeadWithActivities = Schemas["LeadWithActivities"];
export type LeadDeleted = Schemas["LeadDeleted"];
export type LeadCreate = Schemas["LeadCreate"];
export type LeadUpdate = Schemas["LeadUpdate"];
export type LeadIntake = Schemas["LeadIntake"];
export type IntakeMatch = Schemas["IntakeMatch"];
export type LeadBatch = Schemas["LeadBatch"];
export type LeadBatchResults = Schemas["LeadBatchResults"];
export type Property = Schemas["Property"];
export type PropertyDeleted = Schemas["PropertyDeleted"];
export type PropertyCreate = Schemas["PropertyCreate"];
export type PropertyUpdate = Schemas["PropertyUpdate"];
export type PropertyBatch = Schemas["PropertyBatch"];
export type PropertyBatchResults = Schemas["PropertyBatchResults"];
export type Visit = Schemas["VisitOutput"];
export type VisitCreate = Schemas["VisitCreate"];
export type VisitUpdate = Schemas["VisitUpdate"];
export type Activity = Schemas["ActivityOutput"];
export type Event = Schemas["Event"];
export type Sms = Schemas["SmsOutput"];
export type SmsCreate = Schemas["SmsCreate"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type WebhookEndpointDeleted = Schemas["WebhookEndpointDeleted"];
export type WebhookEndpointCreate = Schemas["WebhookEndpointCreate"];
export type WebhookEndpointUpdate = Schemas["WebhookEndpointUpdate"];
/** A member of the account (`GET /users`): the ids `assignedTo` and `agentId` take. */
export type User = Schemas["User"];
export type ListMeta = Schemas["ListMeta"];
/** A custom field definition (`GET /custom-fields`): what a record's `customFields` keys mean. */
export type CustomFieldDefinition =
  operations["listCustomFields"]["responses"][200]["content"]["application/json"]["data"][number];

/** One page of a list: `meta.cursor` and `meta.hasMore` lead to the next. */
export interface Page<T> {
  data: T[];
  meta: ListMeta;
}

/** The query parameters of a list operation (filters, sort, limit, cursor). */
export type ListQuery<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;

/** Every event a webhook endpoint can receive, discriminated by `type`. */
export type WebhookEvent = {
  [Name in keyof webhooks]: NonNullable<webhooks[Name]["post"]>["requestBody"]["content"]["application/json"];
}[keyof webhooks];
