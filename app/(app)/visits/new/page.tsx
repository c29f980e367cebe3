import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { readSlotParam, slotLabel, slotParam, type BookingSlot } from "@/components/visits/booking-slot";
import { newVisitValues, visitFormOptions } from "@/components/visits/visit-form-options";
import { zoneLabel } from "@/components/ui/format-date";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { listLeads } from "@/lib/leads/list-leads";
import { leadListQuery } from "@/lib/schemas/leads";
import { hrefWith } from "@/components/ui/cursor-pager";
import { orNotFound } from "@/app/(app)/_shared/or-not-found";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { VisitForm } from "@/components/visits/visit-form";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import { getPublicPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { bookVisitAction } from "../actions";

export const metadata: Metadata = { title: "Book a visit" };

const LEAD_MATCHES = 10;

// "Book a visit": from a lead's page the lead is given (?leadId=); from the visits page the
// agent first finds the lead by name, email or phone (a search, since an account can hold
// thousands of leads: no select could list them). A slot clicked on the Visits grid comes as
// `?at=` (a local date-time in the viewer's zone, see booking-slot.ts) and is kept through the
// search: the form then opens on that day and time. From a property's page the property is given
// (?propertyId=), kept through the search too, and the form opens on it.
export default async function BookVisitPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const slot = readSlotParam(params.at, member.timeZone);
  const property = params.propertyId
    ? await orNotFound(getPublicPropertyOrThrow(member.accountId, params.propertyId))
    : undefined;
  if (!params.leadId)
    return <FindLead accountId={member.accountId} q={params.q?.trim()} slot={slot} property={property} />;
  const lead = await orNotFound(getPublicLeadOrThrow(member.accountId, params.leadId));
  const propertyId = property?.id ?? lead.propertyId;
  const options = await visitFormOptions(member.accountId, { propertyId });
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Book a visit with ${lead.name}`}
        description="The visit goes on the lead's timeline and, through the Public API, to your webhooks."
        actions={
          <Link href={`/leads/${lead.id}`} className={styles.secondaryButton}>
            Cancel
          </Link>
        }
      />
      <section className={`${styles.card} max-w-2xl p-5 sm:p-6`}>
        <VisitForm
          action={bookVisitAction}
          hidden={{ leadId: lead.id }}
          initial={newVisitValues(member.timeZone, member.userId, propertyId, slot)}
          properties={options.properties}
          agents={options.agents}
          durations={options.durations}
          zoneLabel={zoneLabel(member.timeZone)}
          submitLabel="Book visit"
          pendingLabel="Booking…"
          canOverrideConflict={member.role === "owner"}
        />
      </section>
    </div>
  );
}

async function FindLead({
  accountId,
  q,
  slot,
  property,
}: {
  accountId: string;
  q?: string;
  slot?: BookingSlot;
  property?: { id: string; title: string };
}) {
  const at = slot ? slotParam(slot) : undefined;
  // Carried through the search and onto the chosen lead's form.
  const kept = { at, propertyId: property?.id };
  const leads = q ? await listLeads(accountId, leadListQuery.parse({ q, limit: LEAD_MATCHES })) : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Book a visit"
        description={`${property ? `At ${property.title}. ` : ""}${slot ? `On ${slotLabel(slot)}. ` : ""}Find the lead first: by name, email or phone.`}
        actions={
          <Link href={property ? `/properties/${property.id}` : "/visits"} className={styles.secondaryButton}>
            Cancel
          </Link>
        }
      />
      <FilterBar action="/visits/new" label="Find a lead" submitLabel="Find" hidden={keptFields(kept)}>
        <div className="sm:w-80">
          <TextField label="Lead" name="q" type="search" defaultValue={q} placeholder="Name, email or phone" />
        </div>
      </FilterBar>
      {leads ? (
        <section className={`${styles.card} overflow-hidden`}>
          {leads.data.length === 0 ? (
            <EmptyState title="No lead matches">
              Try part of the name, or{" "}
              <Link href="/leads/new" className={styles.link}>
                add the lead
              </Link>{" "}
              first.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Matching leads">
              {leads.data.map((lead) => (
                <li key={lead.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{lead.name}</span>
                    <span className="block truncate text-slate-500">
                      {[lead.email, lead.phone].filter(Boolean).join(" · ") || "No contact details"}
                    </span>
                  </span>
                  <Link
                    href={hrefWith("/visits/new", { leadId: lead.id, ...kept })}
                    className={styles.smallButton}
                    aria-label={`Book a visit with ${lead.name}`}
                  >
                    Book
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The kept parameters that are set, as the search form's hidden fields. */
const keptFields = (kept: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(kept).filter((entry): entry is [string, string] => Boolean(entry[1])));
