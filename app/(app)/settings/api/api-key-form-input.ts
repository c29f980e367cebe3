import { FormFields } from "@/app/_forms/form-fields";
import { RESOURCE_NAMES } from "@/lib/keys/permissions";

// FormData → what the key form schemas parse. The per-resource selects are named
// `permissions.<resource>`, so a schema error's path (`permissions.leads`) names its field.

/** The preset, and the per-resource choice only when "Custom" is picked (the selects are not
 * shown otherwise, and stale values must not narrow a preset). */
export function accessInputFromForm(formData: FormData): { preset?: string; permissions?: Record<string, string> } {
  const f = new FormFields(formData);
  const preset = f.raw("preset");
  if (preset !== "custom") return { preset };
  const permissions: Record<string, string> = {};
  for (const resource of RESOURCE_NAMES) {
    const level = f.raw(`permissions.${resource}`);
    if (level !== undefined) permissions[resource] = level;
  }
  return { preset, permissions };
}

export function expiryInputFromForm(formData: FormData): { expiry?: string; expiresOn?: string } {
  const f = new FormFields(formData);
  return { expiry: f.raw("expiry"), expiresOn: f.raw("expiresOn") };
}
