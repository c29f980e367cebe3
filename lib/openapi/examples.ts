import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_FIELDS, type LeadFieldName } from "@/lib/schemas/lead-fields";
import { leadSchema } from "@/lib/schemas/leads";

// Example response bodies for the document. The contract test validates each one against its
// schema, so they cannot drift from what the API really answers.

const T = "2026-11-22T09:30:00.000Z";
const T2 = "2026-11-22T10:05:12.431Z";

// The example lead, field by field from the lead field registry, in the schema's order.
export const exampleLead = Object.fromEntries(
  (Object.keys(leadSchema.shape) as LeadFieldName[]).map((field) => [field, LEAD_FIELDS[field].example]),
) as unknown as PublicLead;

// The lead POST /leads answers for its "full" request example (leads/operations.ts): what was sent,
// normalised, and nothing it did not send. A new lead is `new`, at version 1, updated when created,
// with consent not yet recorded; the example above has been worked since (contacted, version 2).
export const exampleCreatedLeadRequest = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "(415) 555-0123",
  source: "website",
  interest: "buy" as const,
  budget: 450000,
  tags: ["first-time-buyer"],
};
export const exampleCreatedLead: PublicLead = {
  ...exampleLead,
  ...exampleCreatedLeadRequest,
  phone: "+14155550123",
  status: "new",
  propertyId: null,
  notes: null,
  smsOptOut: false,
  consent: { sms: { status: "unknown", at: null, source: null, text: null, ip: null } },
  timezone: null,
  externalId: null,
  customFields: {},
  updatedAt: exampleLead.createdAt,
  version: 1,
};

export const exampleActivity = {
  id: "act_01jf3v9k4n2p6r8t0v2x4z6b8d",
  leadId: exampleLead.id,
  type: "lead_status_changed",
  summary: "Status changed from new to contacted",
  data: { changes: { status: ["new", "contacted"] } },
  actor: { type: "api_key", id: "key_01jf3t0a1b2c3d4e5f6g7h8j9k", name: "Website form" },
  createdAt: T2,
};

export const exampleLeadWithActivities = {
  ...exampleLead,
  activities: [
    exampleActivity,
    {
      ...exampleActivity,
      id: "act_01jf3v6q2m8k4x5y7z9a0b1c2f",
      type: "lead_created",
      summary: "Lead Ada Lovelace created",
      data: {},
      createdAt: T,
    },
  ],
  activitiesHasMore: false,
};

export const exampleLeadDeleted = { id: exampleLead.id, deleted: true, deletedAt: T2 };

export const exampleProperty = {
  id: "prop_01jf3v6q2m8k4x5y7z9a0b1c2e",
  title: "Sunny two-bedroom with bay views",
  description: null,
  type: "apartment",
  listingType: "sale",
  status: "available",
  price: 850000,
  currency: "USD",
  address: { street: "12 Harbor Blvd", city: "San Francisco", region: "CA", postalCode: "94110", country: "US" },
  bedrooms: 2,
  bathrooms: 1.5,
  areaSqm: 78.5,
  externalId: "mls-90210",
  customFields: { heating: "heat_pump" },
  createdAt: T,
  updatedAt: T,
  version: 1,
};

export const examplePropertyDeleted = { id: exampleProperty.id, deleted: true };

export const exampleVisit = {
  id: "visit_01jf3w2b4d6f8h0k2m4p6r8t0v",
  leadId: exampleLead.id,
  propertyId: exampleProperty.id,
  scheduledAt: "2027-03-01T15:00:00.000Z",
  durationMinutes: 45,
  status: "scheduled",
  agentId: null,
  notes: null,
  createdAt: T2,
  version: 1,
};

export const exampleTask = {
  id: "task_01jf3w3c5e7g9j1k3m5p7r9t1v",
  leadId: exampleLead.id,
  assignedTo: "user_01jf3v6q2m8k4x5y7z9a0b1c2d",
  title: "Call back about the viewing",
  type: "call",
  dueAt: "2026-11-23T15:00:00.000Z",
  status: "open",
  completedAt: null,
  notes: null,
  createdAt: T2,
  updatedAt: T2,
  version: 1,
};

export const exampleTaskDeleted = { id: exampleTask.id, deleted: true };

export const exampleSms = {
  id: "sms_01jf3w5c7e9g1j3k5n7q9s1v3w",
  leadId: exampleLead.id,
  direction: "outbound",
  to: "+14155550123",
  from: null,
  message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm.",
  status: "sent",
  sendAt: null,
  createdAt: T2,
};

const CURSOR =
  "eyJzIjoiLWNyZWF0ZWRBdCIsImYiOiJhYmMiLCJ0IjoiMjAyNi0xMS0yMlQwOTozMDowMC4wMDBaIiwiaSI6ImxlYWRfMDEifXxhYmNkZWZnaGlq";

export const exampleList = (item: unknown) => ({ data: [item], meta: { cursor: CURSOR, hasMore: true, limit: 20 } });
export const exampleOne = (item: unknown) => ({ data: item });

export const exampleEvent = {
  id: "evt_01jf3v9k4n2p6r8t0v2x4z6b8e",
  type: "lead.status_changed",
  createdAt: T2,
  data: { object: exampleLead, previousAttributes: { status: "new", version: 1 } },
  actor: exampleActivity.actor,
  requestId: "req_01jf3v9k4n2p6r8t0v2x4z6b8f",
};

export const exampleUser = {
  id: "user_01jf3v6q2m8k4x5y7z9a0b1c2d",
  name: "Maya Torres",
  email: "maya@harborhomes.example",
  role: "staff",
  timeZone: "America/New_York",
  active: true,
  createdAt: T,
};

export const exampleWebhookEndpoint = {
  id: "whep_01jf3v9k4n2p6r8t0v2x4z6b8g",
  url: "https://hooks.example.com/leadprop",
  description: "Sync to our data warehouse",
  events: ["lead.created", "lead.status_changed"],
  enabled: true,
  disabledReason: null,
  createdAt: T,
};
export const exampleWebhookEndpointDeleted = { id: exampleWebhookEndpoint.id, deleted: true };

export const exampleWebhookDelivery = {
  id: "whd_01jf3v9k4n2p6r8t0v2x4z6b8h",
  endpointId: exampleWebhookEndpoint.id,
  eventId: exampleEvent.id,
  eventType: exampleEvent.type,
  attempt: 2,
  trigger: "scheduled",
  status: "failed",
  httpStatus: 503,
  durationMs: 1204,
  responseBody: "upstream unavailable",
  error: null,
  skippedReason: null,
  nextAttemptAt: "2026-11-22T09:35:05.000Z",
  createdAt: T2,
};
