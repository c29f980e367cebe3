import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { ApiError } from "@/lib/errors/api-error";

/** Any common format → E.164, using the account's country for numbers without "+". */
export function normalizePhone(
  input: string | null | undefined,
  defaultCountry: string,
  path = "phone",
): string | null | undefined {
  if (input === undefined || input === null) return input;
  if (input.trim() === "") return null;
  const parsed = parsePhoneNumberFromString(input, defaultCountry.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) {
    throw new ApiError("validation_error", "The request body is invalid: 1 problem (see details).", [
      {
        path,
        message: `Not a valid phone number${input.trim().startsWith("+") ? "" : ` for country ${defaultCountry.toUpperCase()} (start with + and the country code for another country)`}`,
      },
    ]);
  }
  return parsed.number;
}
