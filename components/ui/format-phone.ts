import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

// Phones are stored as E.164 (+14155550123). People read them as they dial them: a number of
// the account's own country in its national format ("(415) 555-0123" for a US account), any
// other in the international one ("+44 20 7946 0958"), so a foreign lead is never mistaken for
// a local one. Text that does not parse is shown as stored.
export function formatPhone(e164: string, accountCountry: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone?.isPossible()) return e164;
  return phone.country === (accountCountry.toUpperCase() as CountryCode)
    ? phone.formatNational()
    : phone.formatInternational();
}
