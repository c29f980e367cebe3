// A lead's source is free text, written by integrators and imports (`portal:zillow`, `google-ads`).
// The UI shows it as words ("Zillow", "Google Ads"); the stored value stays what the API, the
// list's filter and the exports use, and is kept as the label's title.

const KNOWN: Record<string, string> = {
  zillow: "Zillow",
  realtor: "Realtor.com",
  trulia: "Trulia",
  redfin: "Redfin",
  facebook: "Facebook",
  instagram: "Instagram",
  google: "Google",
  "google-ads": "Google Ads",
  sms: "SMS",
  api: "API",
  csv: "CSV import",
};

/** "portal:zillow" → "Zillow", "open-house" → "Open house", "website" → "Website". */
export function sourceLabel(source: string): string {
  const name = source.slice(source.lastIndexOf(":") + 1).trim();
  const known = KNOWN[name.toLowerCase()];
  if (known) return known;
  const words = name.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : source;
}
