// What a server action hands back to its form: a message, the errors of each field, and the
// values typed so a failed submit does not wipe them. Imported by client forms: no imports.
export interface FormState {
  status: "idle" | "success" | "error";
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

export const IDLE: FormState = { status: "idle" };
