import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { requireMember } from "@/lib/auth/get-current-member";
import { areaUnitFor } from "@/lib/properties/area-units";
import { propertyCustomFields } from "@/components/properties/property-form-options";
import { PROPERTY_FORM_FIELDS, propertyFormValues } from "@/components/properties/property-form-fields";
import { PropertyForm } from "@/components/properties/property-form";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { createPropertyAction } from "../actions";

export const metadata: Metadata = { title: "New property" };

export default async function NewPropertyPage() {
  const member = await requireMember();
  const [account, customFields] = await Promise.all([
    getAccountOrThrow(member.accountId),
    propertyCustomFields(member.accountId),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="New property"
        description="A listing for sale or for rent."
        actions={
          <Link href="/properties" className={styles.secondaryButton}>
            Cancel
          </Link>
        }
      />
      <section className={`${styles.card} max-w-3xl p-5 sm:p-6`}>
        <PropertyForm
          action={createPropertyAction}
          initial={propertyFormValues(undefined, account.currency, areaUnitFor(account.defaultCountry))}
          areaUnit={areaUnitFor(account.defaultCountry)}
          fields={PROPERTY_FORM_FIELDS}
          customFields={{ definitions: customFields, values: {} }}
          submitLabel="Create property"
          pendingLabel="Creating…"
        />
      </section>
    </div>
  );
}
