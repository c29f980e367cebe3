import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { PROPERTY_FORM_OPTIONS, propertyCustomFields } from "@/components/properties/property-form-options";
import { customFieldListFilter, withCustomFieldFilterError } from "@/lib/custom-fields/custom-field-list-filter";
import { CustomFieldFilterFields } from "@/components/custom-fields/custom-field-filter-fields";
import { listProperties } from "@/lib/properties/list-properties";
import { listingTypeSchema, propertyStatusSchema, propertyTypeSchema } from "@/lib/schemas/properties";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { searchText } from "@/lib/query/search-text";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { FlashNotice } from "@/components/ui/flash-notice";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import { PropertiesTable } from "./properties-table";

export const metadata: Metadata = { title: "Properties" };

const PAGE_SIZE = 25;
const all = (label: string, options: Array<{ value: string; label: string }>) => [{ value: "", label }, ...options];

export default async function PropertiesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const position = readPagePosition(params);
  const filters = {
    q: searchText(params.q),
    status: propertyStatusSchema.safeParse(params.status).data,
    type: propertyTypeSchema.safeParse(params.type).data,
    listingType: listingTypeSchema.safeParse(params.listingType).data,
  };
  const custom = customFieldListFilter(params);
  const filtered = Object.values(filters).some(Boolean) || Boolean(custom.cf);
  const [page, customFields] = await Promise.all([
    withCustomFieldFilterError(
      loadListPage(
        listProperties(member.accountId, {
          ...filters,
          cf: custom.cf,
          limit: PAGE_SIZE,
          sort: "-createdAt",
          cursor: position.cursor,
        }),
      ),
    ),
    propertyCustomFields(member.accountId),
  ]);
  const links = { ...filters, ...custom.params };
  const newButton = (
    <Link href="/properties/new" className={styles.primaryButton}>
      New property
    </Link>
  );
  return (
    <div className="space-y-5">
      <PageHeader
        title="Properties"
        description="Your listings for sale and for rent. Leads and visits point at them."
        actions={
          <>
            {/* A plain link: a download, never prefetched. It carries the filters the list applied. */}
            <a href={hrefWith("/properties/export", links)} download className={styles.secondaryButton}>
              Export CSV
            </a>
            {newButton}
          </>
        }
      />
      {params.notice === "deleted" ? (
        <FlashNotice>The property was deleted. Its visits keep their history.</FlashNotice>
      ) : null}
      <FilterBar action="/properties" label="Filter properties" clearHref={filtered ? "/properties" : undefined}>
        <div className="sm:w-64">
          <TextField
            label="Search"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Title, description or street"
            maxLength={200}
            autoComplete="off"
            idPrefix="filter"
          />
        </div>
        <div className="sm:w-40">
          <SelectField
            label="Status"
            name="status"
            options={all("Any status", PROPERTY_FORM_OPTIONS.statuses)}
            defaultValue={filters.status ?? ""}
            idPrefix="filter"
          />
        </div>
        <div className="sm:w-40">
          <SelectField
            label="Type"
            name="type"
            options={all("Any type", PROPERTY_FORM_OPTIONS.types)}
            defaultValue={filters.type ?? ""}
            idPrefix="filter"
          />
        </div>
        <div className="sm:w-36">
          <SelectField
            label="Listing"
            name="listingType"
            options={all("Sale or rent", PROPERTY_FORM_OPTIONS.listingTypes)}
            defaultValue={filters.listingType ?? ""}
            idPrefix="filter"
          />
        </div>
        <CustomFieldFilterFields
          definitions={customFields}
          params={custom.params}
          error={page !== "invalid_cursor" && "filterError" in page ? page.filterError : undefined}
        />
      </FilterBar>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/properties", links)} />
        ) : "filterError" in page ? (
          <EmptyState title="This custom field filter cannot be applied">{page.filterError}</EmptyState>
        ) : page.data.length === 0 ? (
          filtered ? (
            <EmptyState title="No properties match these filters">Try another search, or clear the filters.</EmptyState>
          ) : (
            <EmptyState title="No properties yet" action={newButton}>
              Add your listings so leads and visits can point at them.
            </EmptyState>
          )
        ) : (
          <>
            <PropertiesTable properties={page.data} timeZone={member.timeZone} />
            <Pager
              label="Properties"
              links={pagerLinks("/properties", links, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
