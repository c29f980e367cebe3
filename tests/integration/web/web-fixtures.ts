import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember, type Member } from "@/lib/users/get-member";
import { createLead } from "@/lib/leads/create-lead";
import { createProperty } from "@/lib/properties/create-property";
import { createVisit } from "@/lib/visits/create-visit";
import { userActor } from "@/lib/activities/user-actor";
import { getLeadWithActivitiesJson, type LeadWithActivities } from "@/lib/leads/get-lead-with-activities";
import { leadWithActivitiesSchema, type LeadCreateInput } from "@/lib/schemas/leads";

const unique = () => Math.random().toString(36).slice(2, 10);

export interface Agency {
  accountId: string;
  owner: Member;
  staff: Member;
}

async function memberOrThrow(accountId: string, userId: string): Promise<Member> {
  const member = await getMember(accountId, userId);
  if (!member) throw new Error("member missing");
  return member;
}

/** An Agency-plan account with an owner and a staff member, as the web UI sees them. */
export async function agencyWithStaff(name = "Web Realty"): Promise<Agency> {
  const owner = await createAccount({
    name,
    ownerName: "Olga Owner",
    email: `web-owner-${unique()}@x.test`,
    password: "owner-pass-1",
    plan: "agency",
  });
  // Quiet hours off, so a send's outcome does not depend on the hour the suite runs at (the
  // quiet-hours tests turn them on under a controlled clock).
  await (await getDb()).update(accounts).set({ smsQuietHours: false }).where(eq(accounts.id, owner.accountId));
  const staff = await addUserToAccount({
    accountId: owner.accountId,
    email: `web-staff-${unique()}@x.test`,
    name: "Stan Staff",
    password: "staff-pass-1",
    role: "staff",
  });
  return {
    accountId: owner.accountId,
    owner: await memberOrThrow(owner.accountId, owner.userId),
    staff: await memberOrThrow(owner.accountId, staff.userId),
  };
}

export function leadOf(agency: Agency, input: Partial<LeadCreateInput> = {}) {
  return createLead(
    { accountId: agency.accountId, defaultCountry: "US" },
    { name: `Lead ${unique()}`, phone: "+14155550123", ...input },
    userActor(agency.staff),
  );
}

export async function visitOf(agency: Agency, leadId: string) {
  const property = await createProperty(
    { accountId: agency.accountId, currency: "USD" },
    { title: "Test flat", type: "apartment", listingType: "sale" },
    userActor(agency.staff),
  );
  const visit = await createVisit(
    agency.accountId,
    { leadId, propertyId: property.id, scheduledAt: "2030-01-02T10:00:00.000Z" },
    userActor(agency.staff),
  );
  return { visit, property };
}

/** A FormData as a browser would post it. */
export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** GET /leads/:id's read, parsed through its schema: the lead with its 50 most recent activities. */
export async function getLeadWithActivities(accountId: string, leadId: string): Promise<LeadWithActivities> {
  return leadWithActivitiesSchema.parse(JSON.parse((await getLeadWithActivitiesJson(accountId, leadId)).json.text));
}
