"use server";

import { formAction } from "@/app/_forms/form-action";
import {
  createPropertyForm,
  deletePropertyForm,
  updatePropertyForm,
} from "@/app/(app)/properties/_forms/property-forms";

// The property forms (_forms/) parse with the API's schemas and word the service's
// refusals for the form. Leads and visits show a property's title too, so a change refreshes
// every page.

export const createPropertyAction = formAction(
  {
    revalidate: ["/properties"],
    redirect: (state) =>
      state.status === "success" && state.propertyId ? `/properties/${state.propertyId}?notice=created` : undefined,
  },
  ({ member, formData }) => createPropertyForm(member, formData),
);

export const updatePropertyAction = formAction({ revalidate: ["/"] }, ({ member, formData }) =>
  updatePropertyForm(member, formData),
);

export const deletePropertyAction = formAction(
  { revalidate: ["/"], redirect: (state) => (state.status === "success" ? "/properties?notice=deleted" : undefined) },
  ({ member, formData }) => deletePropertyForm(member, formData),
);
