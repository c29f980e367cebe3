// Word lists for realistic demo data, and a seeded random generator so every seed is the same.

export const FIRST_NAMES = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Ava",
  "Elijah",
  "Sophia",
  "Mateo",
  "Isabella",
  "Lucas",
  "Mia",
  "Amara",
  "Hiro",
  "Priya",
  "Diego",
  "Fatima",
  "Chloe",
  "Kwame",
  "Ingrid",
  "Rafael",
  "Yuki",
  "Hannah",
  "Omar",
  "Grace",
  "Leo",
  "Zara",
  "Ethan",
  "Nadia",
  "Samuel",
  "Lena",
];
export const LAST_NAMES = [
  "Johnson",
  "Garcia",
  "Nguyen",
  "Smith",
  "Patel",
  "Okafor",
  "Kowalski",
  "Rossi",
  "Müller",
  "Tanaka",
  "Brown",
  "Silva",
  "Haddad",
  "Andersson",
  "Cohen",
  "Murphy",
  "Dubois",
  "Kim",
  "Singh",
  "Lopez",
  "Walker",
  "Novak",
  "Reyes",
  "Bianchi",
  "Fischer",
];
export const SOURCES = [
  "website",
  "referral",
  "portal:zillow",
  "portal:realtor",
  "walk-in",
  "open-house",
  "facebook",
  "google-ads",
];
export const TAGS = [
  "first-time-buyer",
  "investor",
  "relocating",
  "pre-approved",
  "cash-buyer",
  "downsizing",
  "pets",
  "urgent",
  "vip",
];
export const STREETS = [
  "Maple Ave",
  "Oak St",
  "Harbor Blvd",
  "Pine Ridge Rd",
  "Lakeview Dr",
  "Elm Ct",
  "Sunset Way",
  "Mission St",
  "Cedar Ln",
  "Bayshore Dr",
];
// Where the demo agencies list: around New York, the zone every account starts in (accounts'
// default, America/New_York), so a listing, a lead's (212) number and the agency's clock agree.
export const CITIES: Array<[city: string, region: string, postalCode: string]> = [
  ["New York", "NY", "10024"],
  ["Brooklyn", "NY", "11215"],
  ["Queens", "NY", "11375"],
  ["Jersey City", "NJ", "07302"],
  ["Hoboken", "NJ", "07030"],
];
/** The demo leads' numbers: (212) 555-xxxx, Manhattan, in the agency's zone for quiet hours. */
export const DEMO_PHONE_PREFIX = "+1212555";
export const NOTES = [
  "Prefers evening calls.",
  "Wants a yard for the dog.",
  "Looking to move before school starts.",
  "Asked about HOA fees.",
  "Needs parking for two cars.",
  null,
  null,
];

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
