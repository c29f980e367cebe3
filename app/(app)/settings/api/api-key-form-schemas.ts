import { z } from "zod";
import {
  EXPIRY_CHOICES,
  MAX_EXPIRY_DAYS,
  ROLL_OVERLAPS,
  expiryInDays,
  type RollOverlap,
} from "@/lib/keys/api-key-expiry";
import {
  PERMISSION_PRESETS,
  READ_ONLY_PERMISSIONS,
  apiKeyPermissionsSchema,
  normalizePermissions,
  type ApiKeyPermissions,
} from "@/lib/keys/permissions";
import { dayStart } from "@/lib/query/date-filter";

// The key forms of Settings → Public API: what a key may do (a preset or a choice per
// resource) and when it stops working. Each part parses on its own, so a form shows every
// field's error at once rather than one part's after another's.

/** "Full access" → null (every resource, including ones added later, as the API treats null);
 * "Read only" → the preset's grants; "Custom" → the per-resource choice, which must grant
 * something (a key that can call nothing is a mistake, not a policy). */
export const accessFormSchema = z
  .object({
    preset: z.enum(PERMISSION_PRESETS, { error: "Choose Full access, Read only or Custom." }),
    permissions: apiKeyPermissionsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.preset === "custom" && Object.keys(value.permissions ?? {}).length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["permissions"],
        message: "Give the key read or write on at least one resource, or choose Read only.",
      });
    }
  })
  .transform((value): ApiKeyPermissions | null => {
    if (value.preset === "full_access") return null;
    if (value.preset === "read_only") return normalizePermissions(READ_ONLY_PERMISSIONS);
    return value.permissions ?? {};
  });

const DAY_MS = 86_400_000;

/** Never, 30/60/90 days from now, or the start of a day after today in the owner's zone
 * (Member.timeZone), the zone every date on the page is in. */
export const expiryFormSchema = (timeZone: string, now = Date.now()) =>
  z
    .object({
      expiry: z.enum(EXPIRY_CHOICES, { error: "Choose when the key expires." }),
      expiresOn: z.string().trim().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.expiry !== "date") return;
      const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["expiresOn"], message });
      if (!value.expiresOn) return issue("Choose the day the key stops working.");
      const at = dayStart(value.expiresOn, timeZone);
      if (!at) return issue("Enter a date as YYYY-MM-DD.");
      if (at.toMillis() <= now) return issue("Choose a date after today.");
      if (at.toMillis() > now + MAX_EXPIRY_DAYS * DAY_MS) issue("Choose a date within the next 10 years.");
    })
    .transform((value): Date | null => {
      if (value.expiry === "never") return null;
      if (value.expiry === "date") return dayStart(value.expiresOn, timeZone)?.toJSDate() ?? null;
      return expiryInDays(Number(value.expiry), now);
    });

const OVERLAPS = Object.keys(ROLL_OVERLAPS) as [RollOverlap, ...RollOverlap[]];

/** "Roll key": when the old secret stops working. */
export const rollFormSchema = z.object({
  overlap: z.enum(OVERLAPS, { error: "Choose when the old secret stops working." }),
});
