import { IANAZone } from "luxon";
import { LEAD_INTERESTS, LEAD_STATUSES } from "@/lib/domain/enums";
import { z } from "zod";
import { activitySchema } from "./activities";
import { customFieldFilterQuery, customFieldValuesInput, customFieldValuesSchema } from "./custom-fields";
import { leadConsentInput, leadConsentSchema } from "./lead-consent";
import {
  atLeastOneField,
  externalIdInput,
  externalIdQuery,
  idParams,
  nullableText,
  outputId,
  outputTimestamp,
  outputVersion,
  paginationQuery,
  sortQuery,
  timestampQuery,
} from "./common";

// The lead resource: what integrators send and what they get back. One source of truth for the
// route's validation, the OpenAPI document and the web UI's forms.

export const leadStatusSchema = z
  .enum(LEAD_STATUSES)
  .meta({ id: "LeadStatus", description: "Where the lead is in the pipeline." });
const leadInterestSchema = z
  .enum(LEAD_INTERESTS)
  .meta({ id: "LeadInterest", description: "What the lead wants to do." });

const name = z
  .string()
  .trim()
  .min(1, { error: "Required, 1–200 characters" })
  .max(200, { error: "At most 200 characters" });
const email = z.email({ error: "Invalid email" }).max(254).nullable();
const phone = z.string().max(40, { error: "At most 40 characters" }).nullable().meta({
  description:
    "Any common format; stored and returned as E.164. Numbers without `+` use the account's default country.",
  example: "(415) 555-0123",
});
/** One tag: also what a bulk "add tag" or "remove tag" names (lib/schemas/bulk-lead-actions.ts). */
export const leadTagSchema = z
  .string()
  .trim()
  .min(1, { error: "Tags are 1–40 characters" })
  .max(40, { error: "Tags are 1–40 characters" });
/** A lead holds at most this many tags. */
export const MAX_LEAD_TAGS = 20;
const tags = z
  .array(leadTagSchema)
  .max(MAX_LEAD_TAGS, { error: "At most 20 tags" })
  .meta({ description: "At most 20 tags of 1–40 characters; duplicates are removed.", example: ["first-time-buyer"] });

// IANA names only ("America/Chicago"), checked against the runtime's zone database (luxon over
// Intl): quiet hours read the lead's local time from it.
const timeZoneInput = z
  .string()
  .max(64)
  .refine((value) => IANAZone.isValidZone(value), { error: "Must be an IANA time zone, e.g. America/Chicago" })
  .nullable()
  .meta({
    description:
      "The lead's IANA time zone, for SMS quiet hours (08:00–21:00 their time). When null: the zones of the phone number (libphonenumber's map: the area code for +1 numbers, else the country), a text going out only while it is 08:00–21:00 in each of them; the account's zone when the number gives none.",
    example: "America/Chicago",
  });

const writable = {
  name,
  email,
  phone,
  status: leadStatusSchema,
  source: nullableText(100).meta({
    description: "Free text, e.g. `website`, `referral`, `portal:zillow`.",
    example: "website",
  }),
  interest: leadInterestSchema.nullable(),
  budget: z
    .number()
    .int({ error: "Must be a whole number" })
    .min(0, { error: "Must be 0 or more" })
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .meta({ description: "Whole currency units.", example: 450000 }),
  propertyId: z.string().min(1).max(100).nullable().meta({ description: "A property of your account (`prop_…`)." }),
  assignedTo: z.string().min(1).max(100).nullable().meta({
    description:
      "An active user of your account (`user_…`, from `GET /users`); another account's or a deactivated user is a 400 `validation_error`.",
  }),
  tags,
  notes: nullableText(10_000),
  smsOptOut: z.boolean(),
  externalId: externalIdInput,
  timezone: timeZoneInput,
  consent: leadConsentInput,
  customFields: customFieldValuesInput,
};

// The same fields serve both bodies: all optional on PATCH, `name` required on POST.
export const leadCreateSchema = z
  .strictObject(writable)
  .partial()
  .required({ name: true })
  .meta({
    id: "LeadCreate",
    example: {
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "(415) 555-0123",
      source: "website",
      interest: "buy",
      budget: 450000,
      tags: ["first-time-buyer"],
    },
  });

export const leadUpdateSchema = z
  .strictObject(writable)
  .partial()
  .refine(atLeastOneField, { error: "Send at least one field to change" })
  .meta({
    id: "LeadUpdate",
    description: "Any subset of the writable fields (at least one); `null` clears a nullable field.",
    example: { status: "contacted" },
    minProperties: 1,
  });

export type LeadCreateInput = z.output<typeof leadCreateSchema>;
export type LeadUpdateInput = z.output<typeof leadUpdateSchema>;

export const leadSchema = z
  .object({
    id: outputId("lead"),
    name: z.string(),
    email: z.string().nullable().meta({ description: "Lower-cased." }),
    phone: z.string().nullable().meta({ description: "E.164.", example: "+14155550123" }),
    status: leadStatusSchema,
    source: z.string().nullable(),
    interest: leadInterestSchema.nullable(),
    budget: z.number().int().nullable(),
    propertyId: outputId("prop").nullable(),
    assignedTo: outputId("user").nullable(),
    tags: z.array(z.string()),
    notes: z.string().nullable(),
    smsOptOut: z.boolean().meta({
      description:
        "True when the lead opted out of SMS: sending one answers 422 `lead_opted_out`. A lead whose phone number replied STOP (on another lead of yours too) is refused the same way.",
    }),
    externalId: z.string().nullable().meta({ description: "Your own id for the lead, if you set one." }),
    timezone: z.string().nullable().meta({
      description: "The lead's IANA time zone for SMS quiet hours, if set.",
      example: "America/Chicago",
    }),
    consent: leadConsentSchema,
    customFields: customFieldValuesSchema,
    createdAt: outputTimestamp,
    updatedAt: outputTimestamp,
    version: outputVersion,
  })
  .meta({ id: "Lead" });

/** The lead with its recent activities, as a reader allowed to see them gets it (the web UI, a key
 * with activities:read). */
export const leadWithActivitiesSchema = leadSchema.extend({
  activities: z.array(activitySchema).meta({
    description:
      "The lead's 50 most recent activities, newest first. Only for a key with `activities:read`: absent otherwise.",
  }),
  activitiesHasMore: z.boolean().meta({
    description:
      "True when older activities exist (list them with GET /activities?leadId=…). Only for a key with `activities:read`: absent otherwise.",
  }),
});

/** GET /leads/:id's `data`: the two activity fields are omitted for a key that may not read
 * activities (as Stripe omits what a restricted key cannot read), so they are optional here. */
export const leadWithPermittedActivitiesSchema = leadWithActivitiesSchema
  .partial({ activities: true, activitiesHasMore: true })
  .meta({ id: "LeadWithActivities" });

export const leadDeletedSchema = z
  .object({ id: outputId("lead"), deleted: z.literal(true), deletedAt: outputTimestamp })
  .meta({ id: "LeadDeleted", description: "The lead is soft-deleted: gone from the API, its activities kept." });

export const leadListQuery = z.strictObject({
  ...paginationQuery,
  sort: sortQuery,
  status: leadStatusSchema.optional().meta({ description: "Only leads with this status." }),
  source: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Only leads with exactly this source (case-sensitive)." }),
  assignedTo: z.string().min(1).max(100).optional().meta({ description: "Only leads assigned to this user id." }),
  tag: z.string().min(1).max(40).optional().meta({ description: "Only leads carrying this tag." }),
  externalId: externalIdQuery,
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "Matches name, email or phone (case-insensitive substring)." }),
  createdAfter: timestampQuery.optional().meta({ description: "Only leads created strictly after this time." }),
  updatedAfter: timestampQuery
    .optional()
    .meta({ description: "Only leads changed strictly after this time (pair with `sort=updatedAt` to sync changes)." }),
  cf: customFieldFilterQuery,
});
export type LeadListQuery = z.output<typeof leadListQuery>;

export const leadIdParams = idParams("lead");
