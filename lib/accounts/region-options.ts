import { getCountries } from "libphonenumber-js";

// The choices for an account's default country and currency. Countries are those the phone
// library knows, because the default country exists to read local phone numbers.

export interface Option {
  value: string;
  label: string;
}

const COUNTRY_CODES = new Set<string>(getCountries());
const CURRENCY_CODES = new Set<string>(Intl.supportedValuesOf("currency"));

export const isKnownCountry = (code: string) => COUNTRY_CODES.has(code);
export const isKnownCurrency = (code: string) => CURRENCY_CODES.has(code);

let countries: Option[] | undefined;
let currencies: Option[] | undefined;

export function countryOptions(): Option[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  countries ??= [...COUNTRY_CODES]
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return countries;
}

export function currencyOptions(): Option[] {
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  currencies ??= [...CURRENCY_CODES]
    .map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }))
    .sort((a, b) => a.value.localeCompare(b.value));
  return currencies;
}
