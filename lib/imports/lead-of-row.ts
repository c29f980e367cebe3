import type { CustomFieldDefinition } from "@/db/schema";
import type { DbOrTx } from "@/db/client";
import { validateCustomFields, type CustomFieldRule } from "@/lib/custom-fields/validate-custom-fields";
import { ApiError } from "@/lib/errors/api-error";
import { prepareLeadFields, type LeadAccountContext } from "@/lib/leads/prepare-lead-fields";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";
import { CUSTOM_FIELD_TARGET, type ImportLeadField, type ImportMapping } from "@/lib/schemas/lead-imports";
import { leadCreateSchema, type LeadCreateInput } from "@/lib/schemas/leads";
import { leadFieldEntries } from "@/lib/schemas/lead-fields";
import { customValueOfCell, leadCellReader } from "./coerce-cell";
import { IMPORT_FIELD_LABELS } from "./import-targets";

// One file row → the input POST /leads would take, checked by the same schema (leadCreateSchema),
// custom-field validation and normalisation (prepareLeadFields: phone to E.164, email case) as
// the API, so the preview shows the errors the import will meet and the job writes what the API
// would. A row's problems are short lines naming the field: "Email: Invalid email".

/** The lead's input, with its custom fields when the mapping names any. No column maps to
 * consent: an imported lead's is `unknown`. */
export type ImportedLead = Omit<LeadCreateInput, "customFields" | "consent"> & { customFields?: CustomFieldValues };

export interface RowOutcome {
  lead?: ImportedLead;
  problems: string[];
}

export interface RowReader {
  columns: { index: number; target: string }[];
  definitions: Map<string, CustomFieldDefinition>;
  /** What values are checked against: the job's chunk reads them locked (definitionsForWrite). */
  rules?: readonly CustomFieldRule[];
}

/** The mapping's used columns, and the account's lead custom fields by key. */
export function rowReaderOf(mapping: ImportMapping, definitions: readonly CustomFieldDefinition[]): RowReader {
  return {
    columns: Object.entries(mapping)
      .filter(([, target]) => target !== "ignore")
      .map(([index, target]) => ({ index: Number(index), target })),
    definitions: new Map(definitions.map((d) => [d.key, d])),
  };
}

// How each lead field's cells are read, from the kind of value it holds (lib/schemas/lead-fields.ts).
const COERCE = new Map(
  leadFieldEntries().flatMap(([field, spec]) => {
    const reader = spec.import ? leadCellReader(spec) : undefined;
    return reader ? [[field as string, reader] as const] : [];
  }),
);

const labelOf = (path: string, reader: RowReader) => {
  const [head, key] = path.split(".");
  if (head === "customFields" && key) return reader.definitions.get(key)?.label ?? key;
  return IMPORT_FIELD_LABELS[head as ImportLeadField] ?? head;
};

export async function leadOfRow(
  db: DbOrTx,
  account: LeadAccountContext,
  reader: RowReader,
  cells: readonly string[],
  /** "fill" when the row may merge into a lead (required custom fields are then checked only for
   * the rows that create one: requiredCustomFieldProblems). */
  mode: "create" | "fill" = "create",
): Promise<RowOutcome> {
  const raw: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const { index, target } of reader.columns) {
    const cell = (cells[index] ?? "").trim();
    if (cell === "") continue;
    if (target.startsWith(CUSTOM_FIELD_TARGET)) {
      const key = target.slice(CUSTOM_FIELD_TARGET.length);
      const def = reader.definitions.get(key);
      custom[key] = def ? customValueOfCell(def, cell) : cell;
    } else {
      raw[target] = COERCE.get(target)?.(cell) ?? cell;
    }
  }
  const { firstName, lastName, ...fields } = raw;
  if (fields.name === undefined && (firstName || lastName)) {
    fields.name = [firstName, lastName].filter(Boolean).join(" ");
  }
  const problems: string[] = [];
  const parsed = leadCreateSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      problems.push(
        path === "name" && fields.name === undefined ? "Name: Missing" : `${labelOf(path, reader)}: ${issue.message}`,
      );
    }
  }
  let customFields: CustomFieldValues | undefined;
  try {
    // The whole set on create: a required custom field left empty is the row's problem too.
    customFields = validateCustomFields(reader.rules ?? [...reader.definitions.values()], custom, null, mode);
  } catch (error) {
    problems.push(...problemsOf(error, reader));
  }
  if (!parsed.success || problems.length) return { problems };
  try {
    // customFields never comes from parsed.data (no column maps to the API's field as a whole).
    const prepared: ImportedLead = { ...(await prepareLeadFields(db, account, parsed.data)), customFields: undefined };
    const hasCustom = customFields && Object.keys(customFields).length > 0;
    return { lead: hasCustom ? { ...prepared, customFields } : prepared, problems };
  } catch (error) {
    return { problems: problemsOf(error, reader) };
  }
}

/** A merge-mode row that creates a lead after all: its required custom fields, as POST /leads checks them. */
export function requiredCustomFieldProblems(reader: RowReader, lead: ImportedLead): string[] {
  try {
    validateCustomFields(reader.rules ?? [...reader.definitions.values()], lead.customFields ?? {}, null, "create");
    return [];
  } catch (error) {
    return problemsOf(error, reader);
  }
}

function problemsOf(error: unknown, reader: RowReader): string[] {
  if (!(error instanceof ApiError) || error.code !== "validation_error") throw error;
  return error.details?.length
    ? error.details.map((d) => `${labelOf(d.path ?? "", reader)}: ${d.message}`)
    : [error.message];
}
