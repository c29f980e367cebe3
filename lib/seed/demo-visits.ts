import type { DateTime } from "luxon";
import type { visits } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { seededRandom } from "./demo-data";

// The demo's visits over the months around the seed (the agents' working days are
// demo-agent-day.ts's), and what both keep true: a visit is to the listing its lead asked about,
// and a lead who asked about none gets the visit's, as booking one in the app gives it
// (lib/leads/pipeline-moves.ts). So no demo lead has a visit and no property.

type Rnd = ReturnType<typeof seededRandom>;

export interface DemoListing {
  id: string;
  listingType: "sale" | "rent";
}

interface VisitingLead {
  id: string;
  propertyId: string | null;
  interest?: string | null;
  createdAt: Date;
}

/** The listing a lead views: the one it asked about, else one of the kind it asks about (a rental
 * for a renter, one for sale for anyone else), as the seed picks a lead's own. */
export function listingToView(lead: VisitingLead, listings: DemoListing[], rnd: Rnd): string {
  if (lead.propertyId) return lead.propertyId;
  const kind = lead.interest === "rent" ? "rent" : "sale";
  const fitting = listings.filter((listing) => listing.listingType === kind);
  return rnd.pick(fitting.length ? fitting : listings).id;
}

/** Gives each visit's lead with no property the visit's; answers the leads so given one. */
export function giveLeadsTheirVisitProperty<L extends VisitingLead>(
  leadRows: L[],
  visitRows: Array<{ leadId: string; propertyId?: string | null }>,
): L[] {
  const byId = new Map(leadRows.map((lead) => [lead.id, lead]));
  const given: L[] = [];
  for (const visit of visitRows) {
    const lead = byId.get(visit.leadId);
    if (!lead || lead.propertyId || !visit.propertyId) continue;
    lead.propertyId = visit.propertyId;
    given.push(lead);
  }
  return given;
}

/** A quarter of the leads get a visit within 30 days either side of `today`, in office hours. */
export function demoVisits(input: {
  accountId: string;
  leads: VisitingLead[];
  listings: DemoListing[];
  agentIds: string[];
  today: DateTime;
  now: number;
  rnd: Rnd;
}): Array<typeof visits.$inferInsert & { id: string; propertyId: string; scheduledAt: Date; createdAt: Date }> {
  const { rnd, today, now } = input;
  // An agent is at one visit at a time (lib/visits/visit-conflicts.ts). These start on the hour
  // and last at most an hour, so one scheduled visit per agent and hour; today's and tomorrow's
  // scheduled visits are the working day's (demo-agent-day.ts), so none of these fall there.
  const taken = new Set<string>();
  const workingDayEnd = today.plus({ days: 2 }).toJSDate();
  const atOneVisitAtATime = (visit: { status: string; agentId: string; scheduledAt: Date }): boolean => {
    if (visit.status !== "scheduled") return true;
    if (visit.scheduledAt < workingDayEnd) return false;
    const slot = `${visit.agentId}@${visit.scheduledAt.toISOString()}`;
    if (taken.has(slot)) return false;
    taken.add(slot);
    return true;
  };
  return input.leads
    .filter(() => rnd.chance(0.25))
    .map((lead) => {
      // On the hour in office hours, in the account's zone: a viewing at 00:50 reads as a bug.
      const scheduledAt = today
        .plus({ days: rnd.int(-30, 30) })
        .set({ hour: rnd.int(9, 17) })
        .toJSDate();
      return {
        id: newId("visit"),
        accountId: input.accountId,
        leadId: lead.id,
        propertyId: listingToView(lead, input.listings, rnd),
        scheduledAt,
        durationMinutes: rnd.pick([30, 45, 60]),
        status:
          scheduledAt.getTime() < now
            ? rnd.pick(["completed", "completed", "cancelled", "no_show"] as const)
            : ("scheduled" as const),
        agentId: rnd.pick(input.agentIds),
        notes: null,
        createdAt: lead.createdAt,
        updatedAt: lead.createdAt,
      };
    })
    .filter(atOneVisitAtATime);
}
