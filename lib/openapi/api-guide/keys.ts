import { EXPIRY_WARNING_DAYS, ROLL_OVERLAP_LABELS } from "@/lib/keys/api-key-expiry";
import {
  PERMISSION_RESOURCES,
  PRESET_LABELS,
  READ_ONLY_PERMISSIONS,
  RESOURCE_NAMES,
  describePermissions,
  type PermissionResource,
} from "@/lib/keys/permissions";
import { EVENT_TYPE_PERMISSIONS_TEXT } from "../event-type-permission-text";
import type { OperationSpec } from "../operation-spec";
import { insufficientPermissionsExample } from "../required-permission";

// The guide's chapter on keys. The table of what each permission opens is built from the
// operations' own `permission`, so it lists exactly what the API checks.

const operationsNeeding = (
  operations: readonly OperationSpec[],
  resource: PermissionResource,
  level: "read" | "write",
): string => {
  const names = operations
    .filter((op) => op.permission[resource] === level)
    .map((op) => `\`${op.method.toUpperCase()} ${op.path.replace(/^\/api\/v1/, "")}\``);
  return names.length ? names.join(", ") : "–";
};

function permissionTable(operations: readonly OperationSpec[]): string {
  const rows = RESOURCE_NAMES.map((resource) => {
    const { label, levels } = PERMISSION_RESOURCES[resource];
    return `| ${label} (\`${resource}\`) | ${levels.join(", ")} | ${operationsNeeding(operations, resource, "read")} | ${operationsNeeding(operations, resource, "write")} |`;
  });
  return ["| Resource | Levels | `read` allows | `write` also allows |", "|---|---|---|---|", ...rows].join("\n");
}

/** `a, b or c` */
const either = (items: string[]) => `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

const overlaps = either(Object.values(ROLL_OVERLAP_LABELS).map((label) => label.toLowerCase()));
const readOnly = describePermissions(READ_ONLY_PERMISSIONS)
  .split(", ")
  .map((name) => `\`${name}\``)
  .join(", ");

const refusal = insufficientPermissionsExample({ leads: "write" });
const refusalBody = JSON.stringify({
  error: { code: "insufficient_permissions", ...refusal, requestId: "req_01jf3v6q2m8k4x5y7z9a0b1c2d" },
});

export const keysChapter = (operations: readonly OperationSpec[]) =>
  `
## Keys: permissions, expiry and rolling

**Permissions.** Each key has a level per resource: \`none\`, \`read\` or \`write\` (write includes
read). Each operation below says which permission it needs ("Requires the \`leads:write\`
permission."), and tools can read it from the operation's \`x-required-permissions\`. A key
without it gets 403 \`insufficient_permissions\`, whose \`details[0].permission\` names what is
missing:

\`\`\`json
${refusalBody}
\`\`\`

${permissionTable(operations)}

When you create a key in Settings → Public API, pick a preset or choose per resource:

- **${PRESET_LABELS.full_access}** (the default, and what keys made before permissions existed
  keep): everything, including resources added later.
- **${PRESET_LABELS.read_only}**: ${readOnly}.
- **Custom**: a level per resource, listed as "${PRESET_LABELS.custom}". Give each integration
  its own key with only what it needs: a website form needs only \`leads:write\`, a portal feed
  only \`properties:read\`.

An owner can change a key's permissions later, in the same place.

**What one resource carries of another follows the other's permission.** \`GET /leads/{id}\`
embeds the lead's recent \`activities\` only for a key with \`activities:read\`; without it the
two activity fields are left out. An event carries its object whole, so the feed and webhook
subscriptions are limited to the types of the resources the key can read:
${EVENT_TYPE_PERMISSIONS_TEXT}. \`GET /events\` leaves the other types out, and a \`type\` filter or
a subscription naming one is a 403 \`insufficient_permissions\` naming the permission missing. A
restricted key's \`events: ["*"]\` is stored as the types it can read at that moment.

**Expiry.** A key can be given an expiry when it is created: never (the default), 30, 60 or 90
days, or a date. From that instant it answers 401 \`api_key_expired\`, with
\`WWW-Authenticate: Bearer realm="LeadProp API", error="invalid_token"\`: a code distinct from
\`invalid_api_key\`, so your integration can tell an expired key from a wrong or revoked one. The
key list shows "expires in N days", and Settings warns about keys that expire within
${EXPIRY_WARNING_DAYS} days.

**Rolling.** *Roll key* issues a new secret, shown once, with the same name, permissions and
expiry. The old secret keeps working until the end of the overlap you pick (${overlaps}; never
past the key's own expiry), so you can deploy the new one without downtime. Until then the key
is listed once, with both secrets and the old one's end (*Stop now* ends it early); after it, the
old secret answers 401 \`api_key_expired\`. Both secrets are one key: revoking it refuses both,
and a permission change applies to both.

**Changes take effect at once.** Revoking, rolling, expiry and permission changes apply from the
very next request, on every server: the key is read from the database on each request, and
nothing caches it.
`.trim();
