import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { areaFieldName, areaUnitFor, formatArea, sqmFromSqft } from "@/lib/properties/area-units";
import { propertyFormValues } from "@/components/properties/property-form-fields";
import { createPropertyForm, updatePropertyForm } from "@/app/(app)/properties/_forms/property-forms";
import { getPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { toPublicProperty } from "@/lib/properties/public-property";
import { agencyWithStaff, form } from "./web-fixtures";

// A US agency reads and types areas in square feet; the API keeps m². What is typed comes back
// as typed: 1,250 sq ft is stored as 116.13 m² and shown as 1,250 sq ft again.

describe("property areas in the account's unit", () => {
  it("picks square feet for US accounts and m² elsewhere", () => {
    expect([areaUnitFor("US"), areaUnitFor("us"), areaUnitFor("FR"), areaUnitFor("GB")]).toEqual([
      "sqft",
      "sqft",
      "sqm",
      "sqm",
    ]);
    expect([areaFieldName("sqft"), areaFieldName("sqm")]).toEqual(["areaSqft", "areaSqm"]);
    expect(formatArea(116.13, "sqft")).toBe("1,250 sq ft");
    expect(formatArea(116.13, "sqm")).toBe("116.1 m²");
    for (const sqft of [1, 450, 1_250, 3_999, 20_000]) expect(Math.round(sqmFromSqft(sqft) * 10.7639104)).toBe(sqft);
  });

  it("takes square feet in the form of a US account and shows them back", async () => {
    const agency = await agencyWithStaff("Square Feet Realty");
    const created = await createPropertyForm(
      agency.staff,
      form({ title: "Ranch on Elm", type: "house", listingType: "sale", price: "800,000", areaSqft: "1,250" }),
    );
    expect(created.status).toBe("success");
    const row = await getPropertyOrThrow(await getDb(), agency.accountId, created.propertyId!);
    expect(row.areaSqm).toBe(116.13);
    expect(propertyFormValues(toPublicProperty(row), "USD", "sqft")).toMatchObject({ areaSqft: "1250" });
    expect(propertyFormValues(toPublicProperty(row), "EUR", "sqm")).toMatchObject({ areaSqm: "116.13" });

    const bad = await updatePropertyForm(agency.staff, form({ propertyId: row.id, areaSqft: "big" }));
    expect(bad.fieldErrors).toMatchObject({ areaSqft: "Enter a number, e.g. 1,250" });
    await updatePropertyForm(agency.staff, form({ propertyId: row.id, areaSqft: "" }));
    expect((await getPropertyOrThrow(await getDb(), agency.accountId, row.id)).areaSqm).toBeNull();
  });
});
