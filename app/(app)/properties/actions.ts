"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import {
  createPropertyForm,
  deletePropertyForm,
  updatePropertyForm,
  type PropertyFormState,
} from "@/lib/forms/properties/property-forms";
import type { FormState } from "@/lib/ui/form-state";

// Thin: the session's member, then the form handler in lib/forms (tested directly).

export async function createPropertyAction(
  _previous: PropertyFormState,
  formData: FormData,
): Promise<PropertyFormState> {
  const state = await createPropertyForm(await requireMember(), formData);
  if (state.status !== "success" || !state.propertyId) return state;
  revalidatePath("/properties");
  redirect(`/properties/${state.propertyId}?notice=created`);
}

export async function updatePropertyAction(
  _previous: PropertyFormState,
  formData: FormData,
): Promise<PropertyFormState> {
  const state = await updatePropertyForm(await requireMember(), formData);
  // Leads and visits show the property's title too.
  if (state.status === "success") revalidatePath("/", "layout");
  return state;
}

export async function deletePropertyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const state = await deletePropertyForm(await requireMember(), formData);
  if (state.status !== "success") return state;
  revalidatePath("/", "layout");
  redirect("/properties?notice=deleted");
}
