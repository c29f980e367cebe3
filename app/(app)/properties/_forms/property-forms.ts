import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { createProperty } from "@/lib/properties/create-property";
import { deleteProperty } from "@/lib/properties/delete-property";
import { updateProperty } from "@/lib/properties/update-property";
import { propertyCreateSchema, propertyUpdateSchema } from "@/lib/schemas/properties";
import { errorState, formValues } from "@/app/_forms/form-errors";
import { invalidForm, parseFormInput } from "@/app/_forms/parse-form-input";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { userActor } from "@/lib/activities/user-actor";
import { propertyInputFromForm } from "./property-form-input";

export type PropertyFormState = FormState & { propertyId?: string };

// Properties have no timeline (activities belong to leads), so these write none; each writes its
// property.* event.

// "New property": the same schema and service as POST /api/v1/properties.
export async function createPropertyForm(member: Member, formData: FormData): Promise<PropertyFormState> {
  const values = formValues(formData);
  const parsed = parseFormInput(propertyCreateSchema, propertyInputFromForm(formData));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    const account = await getAccountOrThrow(member.accountId);
    const property = await createProperty(
      { accountId: member.accountId, currency: account.currency },
      parsed.data,
      userActor(member),
    );
    return { status: "success", message: "Property created.", propertyId: property.id };
  } catch (error) {
    return errorState(error, values);
  }
}

// "Save" on the property page: PATCH /api/v1/properties/:id's schema and service.
export async function updatePropertyForm(member: Member, formData: FormData): Promise<PropertyFormState> {
  const values = formValues(formData);
  const propertyId = String(formData.get("propertyId") ?? "");
  const parsed = parseFormInput(propertyUpdateSchema, propertyInputFromForm(formData));
  if (!parsed.data) return invalidForm(parsed.fieldErrors, values);
  try {
    await updateProperty(member.accountId, propertyId, parsed.data, userActor(member));
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success", message: "Property saved.", propertyId };
}

// Delete (after the confirm step): removed for good; its visits and leads keep their rows.
export async function deletePropertyForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await deleteProperty(member.accountId, String(formData.get("propertyId") ?? ""), userActor(member));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Property deleted." };
}
