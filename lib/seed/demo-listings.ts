import type { PROPERTY_TYPES } from "@/lib/domain/enums";
import { areaUnitFor, sqmFromSqft, SQ_FT_PER_SQM } from "@/lib/properties/area-units";
import { CITIES, STREETS, type seededRandom } from "./demo-data";

// The demo's listings: each one coherent (a lot is for sale and has no bedrooms; a studio is an
// apartment; a rent is monthly and a price is a price), each title distinct and naming its own
// street, and each area a round number in the unit the account's country uses: square feet in
// the United States (the API stores m², so 1,250 sq ft is kept as 116.13 m² and reads back as
// 1,250), square metres elsewhere.

type Random = ReturnType<typeof seededRandom>;
type PropertyType = (typeof PROPERTY_TYPES)[number];

export interface DemoListing {
  title: string;
  description: string;
  type: PropertyType;
  listingType: "sale" | "rent";
  price: number;
  bedrooms: number | null;
  bathrooms: number | null;
  areaSqm: number;
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

interface Shape {
  type: PropertyType;
  listingType: "sale" | "rent";
  name: string;
  bedrooms: number | null;
  bathrooms: number | null;
  /** Floor area (or the lot's) in square feet, before rounding to the country's unit. */
  sqft: number;
  /** Sale price in dollars, or the monthly rent. */
  price: number;
  description: string;
}

const ADJECTIVES = [
  "Sunny",
  "Renovated",
  "Charming",
  "Spacious",
  "Bright",
  "Updated",
  "Quiet",
  "Classic",
  "Light-filled",
];
const HOUSE_STYLES = ["Craftsman bungalow", "Victorian", "mid-century ranch", "Colonial", "farmhouse", "Cape Cod"];
const APARTMENT_KINDS = ["condo", "loft", "apartment"];
const LOT_KINDS = ["Buildable lot", "Hillside lot with permits", "Corner lot", "Level lot"];
const COMMERCIAL_KINDS = ["Corner retail space", "Office suite", "Restaurant space", "Light-industrial unit"];

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

function house(rnd: Random): Shape {
  const bedrooms = rnd.int(2, 5);
  const listingType = rnd.chance(0.25) ? "rent" : "sale";
  return {
    type: "house",
    listingType,
    name: `${bedrooms}-bed ${rnd.pick(HOUSE_STYLES)}`,
    bedrooms,
    bathrooms: Math.min(bedrooms, rnd.int(1, 4)),
    sqft: 600 + bedrooms * rnd.int(380, 520),
    price:
      listingType === "sale"
        ? roundTo(bedrooms * rnd.int(230, 520) * 1_000, 5_000)
        : roundTo(bedrooms * rnd.int(1_100, 1_700), 50),
    description: "Updated kitchen, a fenced back yard and off-street parking; close to shops and schools.",
  };
}

function apartment(rnd: Random): Shape {
  const bedrooms = rnd.int(0, 3);
  const listingType = rnd.chance(0.45) ? "rent" : "sale";
  const kind = rnd.pick(APARTMENT_KINDS);
  return {
    type: "apartment",
    listingType,
    name: bedrooms === 0 ? `studio ${kind}` : `${bedrooms}-bed ${kind}`,
    bedrooms,
    bathrooms: bedrooms >= 2 ? rnd.int(1, 2) : 1,
    sqft: 450 + bedrooms * rnd.int(300, 420),
    price:
      listingType === "sale"
        ? roundTo((bedrooms + 1) * rnd.int(260, 420) * 1_000, 5_000)
        : roundTo(1_900 + bedrooms * rnd.int(700, 1_100), 50),
    description: "In-unit laundry, an elevator building and a short walk to transit.",
  };
}

// Lots are sold, not rented; they have no rooms.
function lot(rnd: Random): Shape {
  return {
    type: "land",
    listingType: "sale",
    name: rnd.pick(LOT_KINDS),
    bedrooms: null,
    bathrooms: null,
    sqft: rnd.int(40, 200) * 100,
    price: roundTo(rnd.int(250, 1_500) * 1_000, 5_000),
    description: "Utilities at the street and plans available; zoned for a single-family home.",
  };
}

function commercial(rnd: Random): Shape {
  const listingType = rnd.chance(0.6) ? "rent" : "sale";
  return {
    type: "commercial",
    listingType,
    name: rnd.pick(COMMERCIAL_KINDS),
    bedrooms: null,
    bathrooms: rnd.int(1, 2),
    sqft: rnd.int(8, 60) * 100,
    price: listingType === "sale" ? roundTo(rnd.int(900, 4_500) * 1_000, 10_000) : roundTo(rnd.int(2_500, 15_000), 100),
    description: "Street-level frontage with good foot traffic and a flexible open layout.",
  };
}

// Mostly homes, as an agency's book is.
const MAKERS = [house, house, house, apartment, apartment, apartment, lot, commercial];

/** The area in m² of a listing measured as `sqft`, rounded as the country writes it. */
export function demoAreaSqm(sqft: number, country: string): number {
  if (areaUnitFor(country) === "sqft") return sqmFromSqft(roundTo(sqft, 10));
  return roundTo(sqft / SQ_FT_PER_SQM, 5) || 5;
}

/** `count` listings for an account in `country`, each title used once. */
export function demoListings(rnd: Random, count: number, country: string): DemoListing[] {
  const titles = new Set<string>();
  return Array.from({ length: count }, () => {
    const shape = rnd.pick(MAKERS)(rnd);
    const [city, region, postalCode] = rnd.pick(CITIES);
    let street = `${rnd.int(10, 2999)} ${rnd.pick(STREETS)}`;
    const adjective = rnd.pick(ADJECTIVES);
    const titleFor = (place: string) =>
      shape.type === "land" || shape.type === "commercial"
        ? `${shape.name} on ${place}`
        : `${adjective} ${shape.name} on ${place}`;
    // The street name alone reads best; the number (and then the city) only when needed to differ.
    let title = titleFor(street.replace(/^\d+ /, ""));
    if (titles.has(title)) title = titleFor(street);
    while (titles.has(title)) {
      street = `${rnd.int(10, 2999)} ${rnd.pick(STREETS)}`;
      title = titleFor(`${street}, ${city}`);
    }
    titles.add(title);
    return {
      title,
      description: shape.description,
      type: shape.type,
      listingType: shape.listingType,
      price: shape.price,
      bedrooms: shape.bedrooms,
      bathrooms: shape.bathrooms,
      areaSqm: demoAreaSqm(shape.sqft, country),
      street,
      city,
      region,
      postalCode,
    };
  });
}
