import type { Metadata } from "next";
import Link from "next/link";
import { propertyCustomFields } from "@/components/properties/property-form-options";
import { PROPERTY_FORM_FIELDS, propertyFormValues } from "@/components/properties/property-form-fields";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { areaUnitFor } from "@/lib/properties/area-units";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { PropertyForm } from "@/components/properties/property-form";
import { PropertySummary } from "@/components/properties/property-summary";
import { VisitsTable } from "@/components/visits/visits-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FlashNotice } from "@/components/ui/flash-notice";
import { Panel } from "@/components/ui/panel";
import { styles } from "@/components/ui/styles";
import { setVisitStatusAction } from "../../visits/actions";
import { deletePropertyAction, updatePropertyAction } from "../actions";
import { loadProperty } from "./load-property";

export const metadata: Metadata = { title: "Property" };

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
  const [visits, customFields, account] = await Promise.all([
    listVisitsBySchedule(member.accountId, { propertyId: property.id, order: "desc", limit: 50 }),
    propertyCustomFields(member.accountId),
    getAccountOrThrow(member.accountId),
  ]);
  const areaUnit = areaUnitFor(account.defaultCountry);
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link href="/properties" className={`${styles.link} text-sm`}>
          ← All properties
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <PropertySummary
            property={property}
            context={{ areaUnit, zone: member.timeZone, customFields: customFields }}
          />
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
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <Panel title="Details" id="details">
            <div className="p-5 sm:p-6">
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
            </div>
          </Panel>
        </div>
        <div className="lg:col-span-2">
          <Panel title="Visits" id="visits">
            {visits.data.length ? (
              <VisitsTable
                visits={visits.data}
                zone={member.timeZone}
                hide={["property"]}
                narrow
                action={setVisitStatusAction}
              />
            ) : (
              <EmptyState title="No visits yet">Visits of this property show up here.</EmptyState>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
