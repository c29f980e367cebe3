import { describe, expect, it } from "vitest";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { createCustomFieldForm, deleteCustomFieldForm } from "@/lib/forms/custom-fields/custom-field-forms";
import { agencyWithStaff, form } from "./web-fixtures";

describe("Settings → Custom fields forms", () => {
  it("owners add and delete fields; staff and another account's owner cannot", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const fields = { resource: "lead", key: "channel", label: "Channel", type: "single_select", options: "web, phone" };

    expect((await createCustomFieldForm(agency.staff, form(fields))).status).toBe("error");
    expect(await createCustomFieldForm(agency.owner, form(fields))).toMatchObject({ status: "success" });
    const [field] = await listCustomFieldDefinitions(agency.accountId);
    expect(field).toMatchObject({ key: "channel", type: "single_select", options: ["web", "phone"], required: false });
    expect((await createCustomFieldForm(agency.owner, form({ ...fields, options: "" }))).status).toBe("error");

    expect((await deleteCustomFieldForm(agency.staff, form({ fieldId: field.id }))).status).toBe("error");
    expect((await deleteCustomFieldForm(other.owner, form({ fieldId: field.id }))).status).toBe("error");
    expect((await deleteCustomFieldForm(agency.owner, form({ fieldId: field.id }))).status).toBe("success");
    expect(await listCustomFieldDefinitions(agency.accountId)).toEqual([]);
  });
});
