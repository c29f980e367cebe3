import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors/api-error";
import type { activitySchema } from "@/lib/schemas/activities";
import type { listMetaSchema } from "@/lib/schemas/common";
import type { publicCustomFieldDefinition } from "@/lib/schemas/custom-fields";
import type { eventSchema } from "@/lib/schemas/events";
import type { leadCreateSchema, leadSchema, leadWithPermittedActivitiesSchema } from "@/lib/schemas/leads";
import type { propertySchema } from "@/lib/schemas/properties";
import type { smsSchema } from "@/lib/schemas/sms";
import type { userSchema } from "@/lib/schemas/users";
import type { visitSchema } from "@/lib/schemas/visits";
import type { webhookEndpointSchema, webhookEndpointWithSecretSchema } from "@/lib/schemas/webhook-endpoints";
import type * as Sdk from "@/sdk/src";

// Compile-time: the SDK's types, generated from the OpenAPI document, are exactly the API's own
// zod shapes (what the server answers), not a looser reading of them. `tsc --noEmit` checks
// this file; the run below only keeps vitest from reporting an empty file.

type Client = Sdk.LeadPropClient;

/** What tsc says when a schema changed and the SDK was not regenerated: the checks below need
 * `true`, and this names the one step to take (expectTypeOf's own messages do not). */
type Stale = "sdk/src/generated/openapi.ts is stale: run `npm run sdk:generate` and commit it";
type Current<Generated, Api> = [Generated] extends [Api] ? ([Api] extends [Generated] ? true : Stale) : Stale;

type Resolved<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

describe("SDK types", () => {
  it("equal the API's zod output shapes", () => {
    // A field added to (or taken from) a resource's schema fails here first, in words.
    const current: [
      Current<Sdk.Lead, z.output<typeof leadSchema>>,
      Current<Sdk.LeadCreate, z.input<typeof leadCreateSchema>>,
      Current<Sdk.Property, z.output<typeof propertySchema>>,
      Current<Sdk.Visit, z.output<typeof visitSchema>>,
    ] = [true, true, true, true];
    expectTypeOf(current).toEqualTypeOf<[true, true, true, true]>();
    expectTypeOf<Sdk.Lead>().toEqualTypeOf<z.output<typeof leadSchema>>();
    expectTypeOf<Sdk.Property>().toEqualTypeOf<z.output<typeof propertySchema>>();
    expectTypeOf<Sdk.Visit>().toEqualTypeOf<z.output<typeof visitSchema>>();
    expectTypeOf<Sdk.Sms>().toEqualTypeOf<z.output<typeof smsSchema>>();
    expectTypeOf<Sdk.WebhookEndpoint>().toEqualTypeOf<z.output<typeof webhookEndpointSchema>>();
    expectTypeOf<Sdk.WebhookEndpointWithSecret>().toEqualTypeOf<z.output<typeof webhookEndpointWithSecretSchema>>();
    expectTypeOf<Sdk.ListMeta>().toEqualTypeOf<z.output<typeof listMetaSchema>>();
    expectTypeOf<Sdk.User>().toEqualTypeOf<z.output<typeof userSchema>>();
    expectTypeOf<Sdk.CustomFieldDefinition>().toEqualTypeOf<z.output<typeof publicCustomFieldDefinition>>();
    // An activity's `changes` is `{field: [old, new]}`: zod types the pair as `unknown[]` (its
    // length is checked at run time), the document says minItems = maxItems = 2 and the SDK keeps
    // the pair. So these are narrower than the zod types, never wider.
    expectTypeOf<Sdk.Activity>().toExtend<z.output<typeof activitySchema>>();
    expectTypeOf<Sdk.LeadWithActivities>().toExtend<z.output<typeof leadWithPermittedActivitiesSchema>>();
    expectTypeOf<Sdk.Event>().toExtend<z.output<typeof eventSchema>>();
    expectTypeOf<Omit<Sdk.Activity, "data">>().toEqualTypeOf<Omit<z.output<typeof activitySchema>, "data">>();
    // What a caller may send: the zod input (defaults optional).
    expectTypeOf<Sdk.LeadCreate>().toEqualTypeOf<z.input<typeof leadCreateSchema>>();
  });

  it("keep nullable fields, enums and the error codes exact", () => {
    expectTypeOf<Sdk.Lead["email"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Sdk.Lead["status"]>().toEqualTypeOf<
      "new" | "contacted" | "qualified" | "visit_scheduled" | "negotiating" | "won" | "lost"
    >();
    // Every code the document names is one the API has (it leaves out web-UI-only ones).
    expectTypeOf<Sdk.LeadPropErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<"rate_limited" | "not_found" | "validation_error">().toExtend<Sdk.LeadPropErrorCode>();
    expectTypeOf<Sdk.LeadPropError["details"][number]>().toEqualTypeOf<{
      path: string;
      message: string;
      permission?: string;
      oldestCursor?: string;
      visitId?: string;
      scheduledAt?: string;
    }>();
  });

  it("type each call by its operation", () => {
    expectTypeOf<Resolved<Client["leads"]["create"]>>().toEqualTypeOf<Sdk.Lead>();
    expectTypeOf<Resolved<Client["leads"]["get"]>>().toEqualTypeOf<Sdk.LeadWithActivities>();
    expectTypeOf<Resolved<Client["leads"]["page"]>>().toEqualTypeOf<{ data: Sdk.Lead[]; meta: Sdk.ListMeta }>();
    expectTypeOf<ReturnType<Client["leads"]["list"]>>().toExtend<AsyncIterable<Sdk.Lead>>();
    expectTypeOf<ReturnType<Client["events"]["list"]>>().toExtend<AsyncIterable<Sdk.Event>>();
    expectTypeOf<Resolved<Client["users"]["get"]>>().toEqualTypeOf<Sdk.User>();
    expectTypeOf<ReturnType<Client["users"]["list"]>>().toExtend<AsyncIterable<Sdk.User>>();
    expectTypeOf<Parameters<Client["users"]["list"]>[0]>().toExtend<{ active?: "true" | "false" } | undefined>();
    // The definitions answer the list envelope too, though they come in one page.
    expectTypeOf<Resolved<Client["customFields"]["page"]>>().toEqualTypeOf<{
      data: Sdk.CustomFieldDefinition[];
      meta: Sdk.ListMeta;
    }>();
    expectTypeOf<ReturnType<Client["customFields"]["list"]>>().toExtend<AsyncIterable<Sdk.CustomFieldDefinition>>();
    expectTypeOf<Parameters<Client["leads"]["list"]>[0]>().toExtend<{ status?: Sdk.Lead["status"] } | undefined>();
    // The [old, new] pair survives (openapi-fetch's own `data` would widen it to an array).
    type Changes = NonNullable<NonNullable<Resolved<Client["leads"]["get"]>["activities"]>[number]["data"]["changes"]>;
    expectTypeOf<Changes[string]>().toEqualTypeOf<[unknown, unknown]>();
  });

  it("narrow a webhook event by its type", () => {
    type Created = Extract<Sdk.WebhookEvent, { type: "lead.created" }>;
    expectTypeOf<Created["data"]["object"]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Sdk.WebhookEvent["type"]>().toEqualTypeOf<Sdk.Event["type"]>();
  });
});
