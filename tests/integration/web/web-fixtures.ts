import { isValidElement, type ReactElement, type ReactNode } from "react";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";
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

/** The lead's unread SMS replies, by id: what the inbox and the lead page's "Mark read" clear. */
export async function unreadReplies(accountId: string, leadId: string): Promise<string[]> {
  const rows = await (
    await getDb()
  )
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.accountId, accountId), eq(smsMessages.leadId, leadId), isNull(smsMessages.readAt)));
  return rows.map((r) => r.id).sort();
}

/** "Mark read" as its button posts it: the lead and the replies the page showed. */
export function markReadForm(leadId: string, smsIds: string[]): FormData {
  const data = form({ leadId });
  for (const id of smsIds) data.append("smsId", id);
  return data;
}

/** The element of `type` in the tree a server component returned (its own children, unrendered). */
export function findElement(node: ReactNode, type: unknown): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child as ReactNode, type);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return undefined;
  if (node.type === type) return node;
  for (const value of Object.values(node.props)) {
    const found = findElement(value as ReactNode, type);
    if (found) return found;
  }
  return undefined;
}
