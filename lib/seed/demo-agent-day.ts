import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { DbOrTx } from "@/db/client";
import { activities, leads, smsMessages, visits } from "@/db/schema";
import type { LeadStatus } from "@/lib/domain/enums";
import { newId } from "@/lib/ids/new-id";
import { activityRow, type Actor } from "@/lib/activities/record-activity";
import { LOG_PROVIDER_NUMBER } from "@/lib/sms/providers/log-provider";
import type { seededRandom } from "./demo-data";
import { giveLeadsTheirVisitProperty, listingToView, type DemoListing } from "./demo-visits";

// A working day for each demo agent, so the dashboard a visitor lands on has something in every
// card: visits today and tomorrow (in the account's zone, relative to the seed's start), and
// leads whose last text is theirs, waiting on a reply. The rest of the demo is random over months;
// this part is placed around `now` on purpose.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Viewings at these local times: [days from today, hour, minute]. */
const VISIT_SLOTS: ReadonlyArray<[day: number, hour: number, minute: number]> = [
  [0, 10, 0],
  [0, 14, 30],
  [0, 17, 0],
  [1, 9, 30],
  [1, 13, 0],
];

/** Leads at a stage where a viewing or a text exchange is what happens next. */
const ACTIVE: ReadonlySet<LeadStatus> = new Set(["contacted", "qualified", "visit_scheduled", "negotiating"]);

const OPENERS = [
  "Hi {lead}, it's {agent} from {account}. Are you still looking? A few new listings fit what you described.",
  "Hi {lead}, {agent} here from {account}. Would you like to see the place you asked about this week?",
  "Hello {lead}, following up on your enquiry. When suits you for a call? – {agent}, {account}",
];
const REPLIES = [
  "Yes, still looking! Could we see it Saturday morning?",
  "Thanks {agent}, is the price negotiable?",
  "Could you send the floor plan first? Then I'd love to visit.",
  "Is parking included? We need space for two cars.",
];
/** Who the timeline says a lead's text came from: as for a simulated reply on the log provider. */
const LEAD_TEXT: Actor = { type: "system", id: null, name: "Simulated SMS (log provider)" };
const ANSWERS = ["Great, I'll confirm the time by text tomorrow.", "Sure, I'll send it over this afternoon."];

export interface DemoAgent {
  id: string;
  name: string;
}

interface DemoLead {
  id: string;
  name: string;
  phone: string | null;
  status: LeadStatus;
  assignedTo: string | null;
  smsOptOut: boolean;
  propertyId: string | null;
  interest?: string | null;
  createdAt: Date;
}

export interface AgentDayInput {
  accountId: string;
  accountName: string;
  /** The account's IANA zone: "today" is its day. */
  timeZone: string;
  /** The number the leads text (the account's own, else the log provider's). */
  smsNumber: string | null;
  agents: DemoAgent[];
  leads: DemoLead[];
  listings: DemoListing[];
  rnd: ReturnType<typeof seededRandom>;
  now: Date;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/** Inserts each agent's visits and text conversations; returns what it made, for the seed's log. */
export async function seedAgentDays(db: DbOrTx, input: AgentDayInput): Promise<{ visits: number; texts: number }> {
  const { accountId, rnd, now } = input;
  const startOfToday = DateTime.fromJSDate(now).setZone(input.timeZone).startOf("day");
  const visitRows: Array<typeof visits.$inferInsert> = [];
  const smsRows: Array<typeof smsMessages.$inferInsert> = [];
  const activityRows: Array<typeof activities.$inferInsert> = [];
  const taken = new Set<string>();
  // The agent's own active leads, known for a few days at least (a conversation needs a past).
  const pickLeads = (agentId: string, count: number, needPhone: boolean) => {
    const fit = input.leads.filter(
      (l) =>
        l.assignedTo === agentId &&
        ACTIVE.has(l.status) &&
        !taken.has(l.id) &&
        l.createdAt.getTime() < now.getTime() - 5 * DAY &&
        (!needPhone || (l.phone !== null && !l.smsOptOut)),
    );
    const picked = fit.slice(0, count);
    for (const lead of picked) taken.add(lead.id);
    return picked;
  };

  for (const agent of input.agents) {
    const actor: Actor = { type: "user", id: agent.id, name: agent.name };
    const visitLeads = pickLeads(agent.id, VISIT_SLOTS.length, false);
    visitLeads.forEach((lead, i) => {
      const [day, hour, minute] = VISIT_SLOTS[i];
      const scheduledAt = startOfToday.plus({ days: day }).set({ hour, minute }).toJSDate();
      // Booked a few days ago; a viewing earlier today already took place.
      const createdAt = new Date(now.getTime() - rnd.int(2, 4) * DAY);
      const visit = {
        id: newId("visit"),
        accountId,
        leadId: lead.id,
        propertyId: listingToView(lead, input.listings, rnd),
        scheduledAt,
        durationMinutes: rnd.pick([30, 45, 60]),
        status: scheduledAt < now ? ("completed" as const) : ("scheduled" as const),
        agentId: agent.id,
        notes: i === 0 ? "Bring the disclosure packet." : null,
        createdAt,
        updatedAt: createdAt,
      };
      visitRows.push(visit);
      activityRows.push(
        activityRow(
          { accountId, leadId: lead.id, actor, at: createdAt },
          { kind: "visit_scheduled", visitId: visit.id, propertyId: visit.propertyId, scheduledAt },
        ),
      );
    });

    // Two leads wrote back and wait for an answer; one conversation is answered already.
    const [waiting1, waiting2, answered] = pickLeads(agent.id, 3, true);
    for (const [lead, waiting] of [
      [waiting1, true],
      [waiting2, true],
      [answered, false],
    ] as const) {
      if (!lead) continue;
      const values = { lead: lead.name.split(" ")[0], agent: agent.name.split(" ")[0], account: input.accountName };
      const sentAt = new Date(now.getTime() - (waiting ? rnd.int(20, 30) : rnd.int(50, 70)) * HOUR);
      const repliedAt = new Date(sentAt.getTime() + rnd.int(1, 4) * HOUR);
      const opener = smsRow(accountId, lead, "outbound", fill(rnd.pick(OPENERS), values), sentAt, input.smsNumber);
      const reply = smsRow(accountId, lead, "inbound", fill(rnd.pick(REPLIES), values), repliedAt, input.smsNumber);
      const rows = [opener, reply];
      if (!waiting) {
        // The agent opened the reply to answer it: read then, so Messages does not list it unread.
        const answeredAt = new Date(repliedAt.getTime() + HOUR);
        reply.readAt = answeredAt;
        rows.push(smsRow(accountId, lead, "outbound", rnd.pick(ANSWERS), answeredAt, input.smsNumber));
      }
      for (const row of rows) {
        smsRows.push(row);
        const target = { accountId, leadId: lead.id, at: row.createdAt };
        activityRows.push(
          row.direction === "inbound"
            ? activityRow({ ...target, actor: LEAD_TEXT }, { kind: "sms_received", smsId: row.id, from: row.from! })
            : activityRow({ ...target, actor }, { kind: "sms_sent", smsId: row.id, to: row.to }),
        );
      }
    }
  }
  if (visitRows.length) await db.insert(visits).values(visitRows);
  // The leads are in already: one with no property gets its visit's, as booking in the app does.
  for (const lead of giveLeadsTheirVisitProperty(input.leads, visitRows))
    await db.update(leads).set({ propertyId: lead.propertyId }).where(eq(leads.id, lead.id));
  if (smsRows.length) await db.insert(smsMessages).values(smsRows);
  if (activityRows.length) await db.insert(activities).values(activityRows);
  return { visits: visitRows.length, texts: smsRows.length };
}

/** One text of a conversation, as the log provider leaves it: sent, or received and unread (the
 * caller marks an answered reply read). */
function smsRow(
  accountId: string,
  lead: DemoLead,
  direction: "inbound" | "outbound",
  message: string,
  at: Date,
  smsNumber: string | null,
): typeof smsMessages.$inferInsert & { id: string; createdAt: Date; to: string } {
  const ours = smsNumber ?? LOG_PROVIDER_NUMBER;
  return {
    id: newId("sms"),
    accountId,
    leadId: lead.id,
    direction,
    to: direction === "inbound" ? ours : lead.phone!,
    from: direction === "inbound" ? lead.phone : null,
    message,
    status: direction === "inbound" ? "received" : "sent",
    provider: "log",
    createdAt: at,
    updatedAt: at,
  };
}
