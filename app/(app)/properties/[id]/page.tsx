import type { Metadata } from "next";
import Link from "next/link";
import { propertyCustomFields } from "@/components/properties/property-form-options";
import { PROPERTY_FORM_FIELDS, propertyFormValues } from "@/components/properties/property-form-fields";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { areaUnitFor } from "@/lib/properties/area-units";
import { listInterestedLeads } from "@/lib/properties/list-interested-leads";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { hrefWith } from "@/components/ui/cursor-pager";
import { listVisitsBySchedule, type ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { InterestedLeads } from "@/components/properties/interested-leads";
import { PropertyDetails } from "@/components/properties/property-details";
import { PropertyFacts } from "@/components/properties/property-facts";
import { PropertyForm } from "@/components/properties/property-form";
import { PropertySummary } from "@/components/properties/property-summary";
import { VisitsTable } from "@/components/visits/visits-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailsPanel } from "@/components/ui/details-panel";
import { FlashNotice } from "@/components/ui/flash-notice";
import { Panel } from "@/components/ui/panel";
import { styles } from "@/components/ui/styles";
import { setVisitStatusAction } from "../../visits/actions";
import { deletePropertyAction, updatePropertyAction } from "../actions";
import { loadProperty } from "./load-property";

export const metadata: Metadata = { title: "Property" };

/** Visits shown on each side of now; a listing's busy month fits, the Visits page has the rest. */
const VISITS_SHOWN = 20;
const LEADS_SHOWN = 50;

// The property as a listing to read: its title, status and where it is, the key facts (price,
// rooms, area), then Details read-only with "Edit details" opening the form, as the lead page
// does; beside them (below on a phone) its visits, upcoming then past (a visit booked from here
// and all its visits on the Visits page), and the leads interested.
export default async function PropertyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { id } = await params;
  const query = singleParams(await searchParams);
  // Already looked up by the layout (a 404 before anything streams): see app/(app)/_shared/load-member-record.ts.
  const { member, record: property } = await loadProperty(id);
  const now = new Date();
  const [upcoming, past, interested, customFields, account] = await Promise.all([
    listVisitsBySchedule(member.accountId, { propertyId: property.id, from: now, order: "asc", limit: VISITS_SHOWN }),
    listVisitsBySchedule(member.accountId, { propertyId: property.id, to: now, order: "desc", limit: VISITS_SHOWN }),
    listInterestedLeads(member.accountId, property.id, LEADS_SHOWN),
    propertyCustomFields(member.accountId),
    getAccountOrThrow(member.accountId),
  ]);
  const areaUnit = areaUnitFor(account.defaultCountry);
  const context = { areaUnit, zone: member.timeZone, customFields };
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link href="/properties" className={`${styles.link} text-sm`}>
          ← All properties
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <PropertySummary property={property} context={context} />
          <ConfirmDialog
            triggerLabel="Delete property"
            title={`Delete ${property.title}?`}
            description={
              <p>
                The property is removed for good. Its visits keep their history, and leads interested in it keep their
                record without it.
              </p>
            }
            confirmLabel="Delete property"
            pendingLabel="Deleting…"
            action={deletePropertyAction}
            fields={{ propertyId: property.id }}
          />
        </div>
      </div>
      {query.notice === "created" ? <FlashNotice>Property created.</FlashNotice> : null}
      <PropertyFacts property={property} context={context} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <Panel title="Details" id="details">
            <DetailsPanel
              formId="property-details-form"
              summary={<PropertyDetails property={property} context={context} />}
              form={
                <PropertyForm
                  revision={property.updatedAt}
                  action={updatePropertyAction}
                  propertyId={property.id}
                  initial={propertyFormValues(property, property.currency, areaUnit)}
                  areaUnit={areaUnit}
                  fields={PROPERTY_FORM_FIELDS}
                  customFields={{ definitions: customFields, values: property.customFields }}
                  submitLabel="Save changes"
                  pendingLabel="Saving…"
                />
              }
            />
          </Panel>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel title="Visits" id="visits">
            <VisitList title="Upcoming" empty="No visits booked." visits={upcoming.data} zone={member.timeZone} />
            <VisitList title="Past" empty="No visits yet." visits={past.data} zone={member.timeZone} />
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
              <Link href={hrefWith("/visits/new", { propertyId: property.id })} className={styles.secondaryButton}>
                Book a visit
              </Link>
              <Link
                href={hrefWith("/visits", { all: "1", propertyId: property.id })}
                className={`${styles.link} text-sm`}
              >
                See all visits
              </Link>
            </div>
          </Panel>
          <Panel title="Interested leads" id="leads">
            <InterestedLeads leads={interested.data} hasMore={interested.hasMore} />
          </Panel>
        </div>
      </div>
    </div>
  );
}

function VisitList({
  title,
  empty,
  visits,
  zone,
}: {
  title: string;
  empty: string;
  visits: ScheduledVisit[];
  zone: string;
}) {
  const headingId = `visits-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="border-b border-slate-100 last:border-b-0">
      <h3 id={headingId} className="bg-slate-50 px-5 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      {visits.length ? (
        <VisitsTable visits={visits} zone={zone} hide={["property"]} narrow action={setVisitStatusAction} />
      ) : (
        <p className="px-5 py-4 text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}
