import type { ReactNode } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { CustomFieldInputs } from "@/components/custom-fields/custom-field-inputs";
import { CustomFieldSummary } from "@/components/custom-fields/custom-field-summary";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { LeadFormFieldSpec } from "@/components/leads/lead-form-fields";
import type { PublicLead } from "@/lib/leads/public-lead";
import type { LeadFieldSpec } from "@/lib/schemas/lead-fields";
import type { LeadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { formatInZone } from "@/components/ui/format-date";
import { formatMoney } from "@/components/ui/format-money";

// One field of a lead, as the form's input (LeadFieldInput) or as the details panel's value
// (LeadFieldValue), from its entry in the field registry (lib/schemas/lead-fields.ts): its widget,
// or the kind of value it holds. A field added to the registry needs no edit here unless it
// brings a kind of value of its own.

type Option = { value: string; label: string };

export interface LeadFieldInputProps {
  field: LeadFormFieldSpec;
  /** The text the input starts with (what was typed after a refused submit, else the lead's). */
  value: string;
  /** A checkbox's state. */
  checked: boolean;
  error?: string;
  choices: Readonly<Record<NonNullable<LeadFormFieldSpec["options"]>, Option[]>>;
  currency: string;
  /** The lead opted out by texting STOP: only their START clears it, so the box is locked. */
  optOutByRecipient: boolean;
  customFields: { definitions: CustomFieldUiDefinition[]; values: Record<string, unknown> };
  typed?: Record<string, string>;
  errors: Record<string, string>;
}

export function LeadFieldInput({
  field,
  value,
  checked,
  error,
  choices,
  currency,
  optOutByRecipient,
  customFields,
  typed,
  errors,
}: LeadFieldInputProps) {
  const { name, label, hint, placeholder, maxLength } = field;
  const common = { label, name, defaultValue: value, error, hint };
  switch (field.widget) {
    case "select":
      return <SelectField {...common} options={field.options ? choices[field.options] : []} />;
    case "textarea":
      return <TextareaField {...common} rows={3} maxLength={maxLength} placeholder={placeholder} />;
    case "money":
      return (
        <TextField
          {...common}
          label={`${label} (${currency})`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
        />
      );
    case "checkbox":
      // The lead's own opt-out is not posted (disabled, no marker): a save leaves it as it is.
      return optOutByRecipient && name === "smsOptOut" ? (
        <CheckboxField
          label={label}
          name={name}
          defaultChecked
          disabled
          hint="The lead replied STOP. Only the lead can opt back in, by texting START."
        />
      ) : (
        <CheckboxField label={label} name={name} shownName={`${name}Shown`} defaultChecked={checked} hint={hint} />
      );
    case "customFields":
      return (
        <CustomFieldInputs
          definitions={customFields.definitions}
          values={customFields.values}
          typed={typed}
          errors={errors}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={field.widget === "email" || field.widget === "tel" ? field.widget : "text"}
          // A list's items have their own errors (`tags.3`): the field shows the first.
          error={error ?? (field.widget === "list" ? firstItemError(errors, name) : undefined)}
          required={!field.nullable && field.widget === "text" ? true : undefined}
          maxLength={maxLength}
          autoComplete="off"
          placeholder={placeholder}
        />
      );
  }
}

function firstItemError(errors: Record<string, string>, name: string): string | undefined {
  return Object.entries(errors).find(([path]) => path.startsWith(`${name}.`))?.[1];
}

/** What a value shows beside the lead: names for the ids it holds, the zones quiet hours read. */
export interface LeadValueContext {
  currency: string;
  zone: string;
  propertyName: string | null;
  memberName: string | null;
  timeZones: LeadTimeZones;
  customFields: readonly CustomFieldUiDefinition[];
}

const CONSENT_WORDS = { granted: "Granted", revoked: "Revoked", unknown: "Not recorded" } as const;

/** The zone quiet hours read (lib/sms/quiet-hours/lead-time-zones.ts), and where it comes from. */
function timeZoneSummary({ zones, from }: LeadTimeZones): string {
  const names = zones.map((zone) => zone.replaceAll("_", " ")).join(", ");
  if (from === "lead") return names;
  if (from === "account") return `${names} (the account's)`;
  return zones.length === 1
    ? `${names} (from the phone number)`
    : `${names} (from the phone number, whose area code spans them: texts wait for daytime in all)`;
}

/** The SMS line of the details: consent and opt-out in a few words (the full record is in its panel). */
function smsSummary(lead: PublicLead): string {
  const { status, source } = lead.consent.sms;
  const consent = `Consent ${CONSENT_WORDS[status].toLowerCase()}${source ? ` (${source})` : ""}`;
  return lead.smsOptOut ? `${consent} · opted out` : consent;
}

/** A field's value, read-only; null when it has none (the caller says so, or leaves it out). */
export function leadFieldValue(
  spec: LeadFieldSpec,
  value: unknown,
  lead: PublicLead,
  context: LeadValueContext,
): ReactNode {
  // Read from more than the value: the zones are the phone's when the lead names none.
  switch (spec.value) {
    case "timeZone":
      return timeZoneSummary(context.timeZones);
    case "consent":
      return smsSummary(lead);
    case "customFields":
      return context.customFields.length ? (
        <CustomFieldSummary definitions={context.customFields} values={lead.customFields} />
      ) : null;
  }
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return null;
  switch (spec.value) {
    case "enum":
      return spec.values?.[String(value)] ?? String(value);
    case "money":
      return typeof value === "number" ? formatMoney(value, context.currency) : String(value);
    case "property":
      return context.propertyName;
    case "member":
      return context.memberName;
    case "list":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "boolean":
      return value ? "Yes" : "No";
    case "time":
      return formatInZone(String(value), context.zone);
    case "longText":
      return <span className="whitespace-pre-wrap break-words">{String(value)}</span>;
    case "code":
      return <code className="font-mono text-slate-700">{String(value)}</code>;
    default:
      return String(value);
  }
}
