import { describe, expect, it } from "vitest";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import {
  createCustomFieldAction,
  deleteCustomFieldAction,
  moveCustomFieldAction,
  updateCustomFieldAction,
} from "@/app/(app)/settings/custom-fields/actions";
import { createLeadForm, updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { createPropertyForm } from "@/app/(app)/properties/_forms/property-forms";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { agencyWithStaff, form } from "./web-fixtures";

describe("Settings → Custom fields forms", () => {
  it("owners add, edit, reorder and delete fields; staff and another account's owner cannot", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const fields = { resource: "lead", key: "channel", label: "Channel", type: "single_select", options: "web, phone" };

    expect((await createCustomFieldAction.run(agency.staff, form(fields), UNKNOWN_CLIENT)).status).toBe("error");
    expect(await createCustomFieldAction.run(agency.owner, form(fields), UNKNOWN_CLIENT)).toMatchObject({
      status: "success",
    });
    const [field] = await listCustomFieldDefinitions(agency.accountId);
    expect(field).toMatchObject({ key: "channel", type: "single_select", options: ["web", "phone"], required: false });
    expect(
      (await createCustomFieldAction.run(agency.owner, form({ ...fields, options: "" }), UNKNOWN_CLIENT)).status,
    ).toBe("error");
    // The key left empty (the form fills it from the label as it is typed; without JavaScript it
    // arrives empty): made from the label.
    await createCustomFieldAction.run(
      agency.owner,
      form({ resource: "lead", key: "", label: "Pets allowed?", type: "boolean" }),
      UNKNOWN_CLIENT,
    );
    expect((await listCustomFieldDefinitions(agency.accountId)).map((d) => d.key)).toContain("pets_allowed");

    const edit = { fieldId: field.id, label: "Lead channel", options: "web\nphone\nwalk-in", required: "on" };
    expect((await updateCustomFieldAction.run(agency.staff, form(edit), UNKNOWN_CLIENT)).status).toBe("error");
    expect((await updateCustomFieldAction.run(other.owner, form(edit), UNKNOWN_CLIENT)).status).toBe("error");
    expect(await updateCustomFieldAction.run(agency.owner, form(edit), UNKNOWN_CLIENT)).toMatchObject({
      status: "success",
    });
    expect((await listCustomFieldDefinitions(agency.accountId))[0]).toMatchObject({
      label: "Lead channel",
      options: ["web", "phone", "walk-in"],
      required: true,
    });
    await moveCustomFieldAction.run(agency.owner, form({ fieldId: field.id, direction: "down" }), UNKNOWN_CLIENT);
    expect((await listCustomFieldDefinitions(agency.accountId)).map((d) => d.key)).toEqual(["pets_allowed", "channel"]);

    expect((await deleteCustomFieldAction.run(agency.staff, form({ fieldId: field.id }), UNKNOWN_CLIENT)).status).toBe(
      "error",
    );
    expect((await deleteCustomFieldAction.run(other.owner, form({ fieldId: field.id }), UNKNOWN_CLIENT)).status).toBe(
      "error",
    );
    expect((await deleteCustomFieldAction.run(agency.owner, form({ fieldId: field.id }), UNKNOWN_CLIENT)).status).toBe(
      "success",
    );
    expect((await listCustomFieldDefinitions(agency.accountId)).map((d) => d.key)).toEqual(["pets_allowed"]);
  });

  it("the lead and property forms save custom fields and show each refusal at its field", async () => {
    const agency = await agencyWithStaff();
    const add = (fields: Record<string, string>) =>
      createCustomFieldAction.run(agency.owner, form(fields), UNKNOWN_CLIENT);
    await add({
      resource: "lead",
      key: "stage",
      label: "Stage",
      type: "single_select",
      options: "cold, hot",
      required: "on",
    });
    await add({ resource: "lead", key: "budget", label: "Budget", type: "number" });
    await add({ resource: "lead", key: "pets", label: "Pets", type: "boolean" });
    await add({ resource: "lead", key: "wants", label: "Wants", type: "multi_select", options: "garden, pool" });
    await add({ resource: "property", key: "built", label: "Built", type: "number" });
    const types = {
      "customFieldType.stage": "single_select",
      "customFieldType.budget": "number",
      "customFieldType.pets": "boolean",
      "customFieldType.wants": "multi_select",
    };

    const refused = await createLeadForm(
      agency.staff,
      form({ name: "Ada", status: "new", ...types, "customFields.stage": "", "customFields.budget": "lots" }),
    );
    expect(refused.status).toBe("error");
    expect(refused.fieldErrors).toMatchObject({ "customFields.budget": expect.stringContaining("number") });
    const missing = await createLeadForm(agency.staff, form({ name: "Ada", status: "new", ...types }));
    expect(missing.fieldErrors).toMatchObject({ "customFields.stage": "Required" });

    const data = form({
      name: "Ada",
      status: "new",
      ...types,
      "customFields.stage": "hot",
      "customFields.budget": "1,500.5",
    });
    data.append("customFields.wants", "garden");
    data.append("customFields.wants", "pool");
    data.set("customFields.pets", "true");
    const created = await createLeadForm(agency.staff, data);
    expect(created.status).toBe("success");
    const lead = await getPublicLeadOrThrow(agency.accountId, created.leadId!);
    expect(lead.customFields).toEqual({ stage: "hot", budget: 1500.5, pets: true, wants: ["garden", "pool"] });

    // The edit form sends every field: an emptied one is cleared, a required one cannot be.
    const saved = await updateLeadForm(
      agency.staff,
      form({
        leadId: lead.id,
        name: "Ada",
        status: "new",
        ...types,
        "customFields.stage": "cold",
        "customFields.pets": "",
      }),
    );
    expect(saved.status).toBe("success");
    expect((await getPublicLeadOrThrow(agency.accountId, lead.id)).customFields).toEqual({ stage: "cold" });
    const cleared = await updateLeadForm(agency.staff, form({ leadId: lead.id, name: "Ada", status: "new", ...types }));
    expect(cleared.fieldErrors).toMatchObject({ "customFields.stage": "Required" });

    const property = await createPropertyForm(
      agency.staff,
      form({
        title: "Home",
        type: "house",
        listingType: "sale",
        status: "available",
        "customFieldType.built": "number",
        "customFields.built": "1931",
      }),
    );
    expect(property.status).toBe("success");
  });
});
