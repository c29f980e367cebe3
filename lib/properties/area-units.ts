// Areas are stored and sent by the API in m²; people read them in their country's unit. The web
// UI shows and takes square feet for accounts in the countries that list in them (the United
// States, Liberia, Myanmar) and m² everywhere else.

export type AreaUnit = "sqft" | "sqm";

export const SQ_FT_PER_SQM = 10.763_910_4;

const SQUARE_FEET_COUNTRIES = new Set(["US", "LR", "MM"]);

export const areaUnitFor = (country: string): AreaUnit =>
  SQUARE_FEET_COUNTRIES.has(country.toUpperCase()) ? "sqft" : "sqm";

/** The property form's area field: the unit is in its name, so a number is never read in the
 * wrong one (app/(app)/properties/_forms/property-form-input.ts). */
export const areaFieldName = (unit: AreaUnit) => (unit === "sqft" ? "areaSqft" : "areaSqm");

export const AREA_UNIT_LABELS: Record<AreaUnit, string> = { sqft: "sq ft", sqm: "m²" };

/** A stored area in the unit: whole square feet, m² as stored. */
export const areaIn = (sqm: number, unit: AreaUnit): number =>
  unit === "sqft" ? Math.round(sqm * SQ_FT_PER_SQM) : sqm;

/** Square feet as the m² to store, to the hundredth: 1,250 sq ft → 116.13 m² → 1,250 again. */
export const sqmFromSqft = (sqft: number): number => Math.round((sqft / SQ_FT_PER_SQM) * 100) / 100;

/** "1,250 sq ft", "116.1 m²". */
export const formatArea = (sqm: number, unit: AreaUnit): string =>
  `${areaIn(sqm, unit).toLocaleString("en-US", { maximumFractionDigits: 1 })} ${AREA_UNIT_LABELS[unit]}`;
