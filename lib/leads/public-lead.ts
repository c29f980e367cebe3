import type { z } from "zod";
import { leads } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { leadSchema } from "@/lib/schemas/leads";

// The only way a lead leaves the service layer: the fields of leadSchema, each its column of the
// same name (accountId and deletedAt are not in the schema, so they never leave).
export type PublicLead = z.output<typeof leadSchema>;

const publicLead = definePublicShape(leadSchema, leads);

export const toPublicLead = publicLead.fromRow;
/** The lead's public JSON, written by PostgreSQL (the list page, POST /leads, GET /leads/:id). */
export const publicLeadJsonOf = publicLead.jsonOf;
export const publicLeadJson = publicLeadJsonOf(leads);
