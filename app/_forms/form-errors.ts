import { ZodError } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { logger } from "@/lib/log/logger";
import type { FormState } from "@/components/ui/form-state";
import { describeError } from "@/lib/log/describe-error";

// Server side of the forms: turns what a server action met into a FormState.

/** The text fields of a submitted form, to echo back after an error; `omit` the passwords. */
export function formValues(formData: FormData, omit: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !key.startsWith("$") && !omit.includes(key)) values[key] = value;
  }
  return values;
}

/** The first message of each field, keyed by its dotted path (`name`, `address.city`). */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (path && !(path in out)) out[path] = issue.message;
  }
  return out;
}

// Any error a form's action can meet, in words for the person using the form. An unexpected
// one is logged and never shown as is.
export function errorState(error: unknown, values?: Record<string, string>): FormState {
  if (error instanceof ZodError) {
    return {
      status: "error",
      message: "Please correct the fields marked below.",
      fieldErrors: fieldErrorsOf(error),
      values,
    };
  }
  if (error instanceof ApiError) {
    const fieldErrors = Object.fromEntries((error.details ?? []).map((d) => [d.path, d.message]));
    // The services word validation for API clients ("the request body…"); a form says it plainly.
    const message =
      error.code === "validation_error" && error.details?.length
        ? "Please correct the fields marked below."
        : error.message;
    return { status: "error", message, fieldErrors, values };
  }
  logger.error("form action failed", { error: describeError(error) });
  return { status: "error", message: "Something went wrong on our side. Please try again.", values };
}
